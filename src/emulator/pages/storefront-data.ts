// What the storefront pages show beyond the JSON storefront's catalogue: the shop's bundles, read
// with the same service as GET /api/v1/groups.
import type { Group } from '../../contract/groups.js'
import type { Services } from '../services/index.js'
import type { ShopRecord } from '../../contract/rows.js'

const isLive = (services: Services, shop: ShopRecord, id: string) =>
  services.catalogue.lookUp(shop, id)?.status === 'Live'

/** Listed bundles whose products are all Live (a bundle with a Draft product cannot be bought), named like `search`. */
export function listedGroups(services: Services, shop: ShopRecord, search = ''): Group[] {
  const needle = search.toLowerCase()
  return services.groups
    .list(shop)
    .map((row) => services.groups.present(shop, row))
    .filter(
      (g) =>
        !g.unlisted &&
        g.name.toLowerCase().includes(needle) &&
        g.products.length > 0 &&
        g.products.every((p) => isLive(services, shop, p.id)),
    )
}

/** A bundle by id (unlisted ones too: reachable by direct link); 404 otherwise. */
export function groupById(services: Services, shop: ShopRecord, id: string): Group {
  return services.groups.present(shop, services.groups.get(shop, id))
}

/** Whether any product of a bundle is a MysteryBox (the checkout then offers a client seed). */
export function groupHasMystery(services: Services, shop: ShopRecord, group: Group): boolean {
  return group.products.some((p) => services.catalogue.lookUp(shop, p.id)?.type === 'MysteryBox')
}
