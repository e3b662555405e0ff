import { notFound } from '../../../spec/errors.js'
import type { Emulator } from '../../context.js'
import type { ShopRecord, SubscriptionRecord } from '../../store/records.js'

/** A subscription of the shop by id; 404 otherwise. */
export function findSubscription(emu: Emulator, shop: ShopRecord, id: string): SubscriptionRecord {
  const subscription = emu.store.c.subscriptions.get(id)
  if (!subscription || subscription.shopId !== shop.id) throw notFound('subscription', id)
  return subscription
}

/** The shop's subscriptions, newest created first. */
export function listSubscriptions(emu: Emulator, shop: ShopRecord): SubscriptionRecord[] {
  return [...emu.store.c.subscriptions.newestFirst('shop', shop.id)]
}
