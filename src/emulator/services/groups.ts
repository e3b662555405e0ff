import { badRequest, notFound } from '../../spec/errors.js'
import type { CreateGroupBody, Group, UpdateGroupBody } from '../../spec/groups.js'
import { lookUpProduct } from './catalogue/products.js'
import type { ServiceDeps } from './deps.js'
import type { GroupRecord, ProductRecord, ShopRecord } from '../store/records.js'

/** A group of the shop by id; 404 otherwise. */
function findGroup(deps: ServiceDeps, shop: ShopRecord, id: string): GroupRecord {
  const group = deps.rows.groups.get(id)
  if (!group || group.shopId !== shop.id) throw notFound('group', id)
  return group
}

/**
 * Bound product ids as stored: each given id (internal or `rec_…`) must be a product of the shop
 * and is kept as the internal id, in the given order, once.
 */
export function resolveProductIds(deps: ServiceDeps, shop: ShopRecord, ids: string[], field = 'productIds'): string[] {
  const out = new Set<string>()
  for (const id of ids) {
    const product = lookUpProduct(deps, shop, id)
    if (!product) throw badRequest(field, `unknown product ${id}`)
    out.add(product.id)
  }
  return [...out]
}

/** Bound products that still exist: a deleted product drops out of every list it was bound to. */
export function boundProducts(deps: ServiceDeps, shop: ShopRecord, ids: string[]): ProductRecord[] {
  const out: ProductRecord[] = []
  for (const id of ids) {
    const product = deps.rows.products.get(id)
    if (product?.shopId === shop.id) out.push(product)
  }
  return out
}

/** Lists of the shop ordered by sortOrder (lower first), then creation (older first). */
export function bySortOrder<T extends { sortOrder: number; createdAt: string; id: string }>(rows: Iterable<T>): T[] {
  return [...rows].sort(
    (a, b) =>
      a.sortOrder - b.sortOrder ||
      (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}

export function listGroups(deps: ServiceDeps, shop: ShopRecord): GroupRecord[] {
  return bySortOrder(deps.rows.groups.oldestFirst('shop', shop.id))
}

function presentGroup(deps: ServiceDeps, shop: ShopRecord, group: GroupRecord): Group {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    discountPercent: group.discountPercent,
    image: group.image,
    sortOrder: group.sortOrder,
    unlisted: group.unlisted,
    products: boundProducts(deps, shop, group.productIds).map((p) => ({
      id: p.id,
      name: p.name,
      productId: p.productId,
      price: p.price,
    })),
    createdAt: group.createdAt,
    updatedAt: group.updatedAt,
  }
}

function buildGroup(deps: ServiceDeps, shop: ShopRecord, body: CreateGroupBody): GroupRecord {
  const now = deps.nowIso()
  return {
    id: deps.newId('grp'),
    shopId: shop.id,
    name: body.name,
    description: body.description ?? '',
    discountPercent: body.discountPercent ?? 0,
    image: body.image ?? null,
    sortOrder: body.sortOrder ?? 0,
    unlisted: body.unlisted ?? false,
    productIds: resolveProductIds(deps, shop, body.productIds ?? []),
    createdAt: now,
    updatedAt: now,
  }
}

/** Applies the given fields; `productIds` replaces the whole list (spec, "Groups"). */
function applyGroupUpdate(deps: ServiceDeps, shop: ShopRecord, group: GroupRecord, body: UpdateGroupBody): GroupRecord {
  const { productIds, ...fields } = body
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
  return {
    ...group,
    ...changes,
    productIds: productIds === undefined ? group.productIds : resolveProductIds(deps, shop, productIds),
    updatedAt: deps.nowIso(),
  }
}

/** The shop's product groups, or bundles (`/api/v1/groups`), shown with their bound products. */
export class GroupService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Sorted by sortOrder, then creation date. */
  list(shop: ShopRecord): Group[] {
    return listGroups(this.deps, shop).map((group) => presentGroup(this.deps, shop, group))
  }

  get(shop: ShopRecord, id: string): Group {
    return presentGroup(this.deps, shop, findGroup(this.deps, shop, id))
  }

  async create(shop: ShopRecord, body: CreateGroupBody): Promise<Group> {
    const group = await this.deps.store.tx((tx) => tx.put('groups', buildGroup(this.deps, shop, body)))
    return presentGroup(this.deps, shop, group)
  }

  async update(shop: ShopRecord, id: string, body: UpdateGroupBody): Promise<Group> {
    const group = await this.deps.store.tx((tx) =>
      tx.put('groups', applyGroupUpdate(this.deps, shop, findGroup(this.deps, shop, id), body)),
    )
    return presentGroup(this.deps, shop, group)
  }

  /** Member products are kept; categories keep the id and stop showing the group (spec, "Groups"). */
  delete(shop: ShopRecord, id: string): Promise<void> {
    return this.deps.store.tx((tx) => tx.delete('groups', findGroup(this.deps, shop, id).id))
  }
}
