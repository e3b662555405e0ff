import type { EmulatorDeps } from '../deps.js'
import type { Collections } from '../store/collections.js'
import { createIdFactory, type NewId } from '../ids.js'
import { EventBus } from './events/bus.js'

/** Whose time: an account (a shop row carries its `accountId`), or a row of a shop. */
export type TimeOwner = { accountId: string } | { shopId: string }

/**
 * What the services share, made once per emulator: the injected world, the store's rows, one id
 * factory (so ids stay ordered), the time and the event bus every operation emits on.
 *
 * Each account has a clock of its own (README, "Test clocks"): `now(owner)` is the world's clock
 * plus the offset the owner's account moved its clock by. `clock` itself is the world's clock.
 */
export interface ServiceDeps extends EmulatorDeps {
  /** The store's collections: read them here, change them only through a transaction (`store.tx`). */
  rows: Collections
  newId: NewId
  /** Now on the clock of the owner's account. */
  now(owner: TimeOwner): Date
  /** `now(owner)` as the API writes timestamps. */
  nowIso(owner: TimeOwner): string
  /** How far the owner's account moved its clock, in ms. */
  clockOffsetMs(owner: TimeOwner): number
  /** Offsets of accounts whose clock an advance is walking, ahead of their rows within a transaction. */
  advancingOffsets: Map<string, number>
  events: EventBus
}

export function createServiceDeps(world: EmulatorDeps): ServiceDeps {
  const rows = world.store.c
  const advancingOffsets = new Map<string, number>()
  const clockOffsetMs = (owner: TimeOwner): number => {
    const accountId = 'accountId' in owner ? owner.accountId : rows.shops.get(owner.shopId)?.accountId
    if (accountId === undefined) return 0
    return advancingOffsets.get(accountId) ?? rows.accounts.get(accountId)?.clockOffsetMs ?? 0
  }
  const now = (owner: TimeOwner) => new Date(world.clock.now().getTime() + clockOffsetMs(owner))
  const nowIso = (owner: TimeOwner) => now(owner).toISOString()
  const deps = {
    ...world,
    rows,
    newId: createIdFactory(world.clock, world.random),
    now,
    nowIso,
    clockOffsetMs,
    advancingOffsets,
  } as ServiceDeps
  deps.events = new EventBus(deps)
  return deps
}
