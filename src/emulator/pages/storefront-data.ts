// What the storefront pages show beyond the JSON storefront's catalogue (commerce/catalogue.ts):
// the shop's bundles, read with the same helpers as GET /api/v1/groups.
import type { Group } from '../../spec/groups.js'
import type { Emulator } from '../context.js'
import type { ShopRecord } from '../store/records.js'
import { findGroup, listGroups, presentGroup } from '../services/groups.js'

const isLive = (emu: Emulator, id: string) => emu.store.c.products.get(id)?.status === 'Live'

/** Listed bundles whose products are all Live (a bundle with a Draft product cannot be bought). */
export function listedGroups(emu: Emulator, shop: ShopRecord): Group[] {
  return listGroups(emu, shop)
    .filter((g) => !g.unlisted)
    .map((g) => presentGroup(emu, shop, g))
    .filter((g) => g.products.length > 0 && g.products.every((p) => isLive(emu, p.id)))
}

/** A bundle by id (unlisted ones too: reachable by direct link); 404 otherwise. */
export function groupById(emu: Emulator, shop: ShopRecord, id: string): Group {
  return presentGroup(emu, shop, findGroup(emu, shop, id))
}

/** Whether any product of a bundle is a MysteryBox (the checkout then offers a client seed). */
export function groupHasMystery(emu: Emulator, group: Group): boolean {
  return group.products.some((p) => emu.store.c.products.get(p.id)?.type === 'MysteryBox')
}
