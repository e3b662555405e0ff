import type { EmulatorDeps, Log, Random } from '../../deps.js'
import { createIdFactory, type NewId } from '../../ids.js'
import type { Collections } from '../../store/collections.js'
import type { Tx } from '../../store/store.js'
import type { AccountFences } from '../accounts/fences.js'
import type { AccountClocks, TimeOwner } from '../clock/account-clocks.js'
import type { WebhookEventKind } from '../../../contract/events.js'
import type { ShopRecord } from '../../../contract/rows.js'
import type { EventSubject } from '../events/payloads.js'

export type { TimeOwner } from '../clock/account-clocks.js'

/**
 * What every service works with, made once per emulator: the store's collections, its
 * transactions, one id factory (so ids stay ordered), each account's time, the injected
 * randomness and log, and the event bus. Not the store itself or the network: a service that
 * calls out is handed `fetch` by name.
 */
export interface ServiceDeps {
  /** The store's collections: read them here, change them only inside `transact`. */
  collections: Collections
  /**
   * Runs `change` as one transaction of the store; resolves once it is on disk. Refused when it
   * changes an account under a whole-account operation (accounts/fences.ts).
   */
  transact<R>(change: (tx: Tx) => R): Promise<R>
  /** `transact` for the whole-account operation of `accountId`, which its own fence lets through. */
  transactAs<R>(accountId: string, change: (tx: Tx) => R): Promise<R>
  newId: NewId
  /** Now on the clock of the owner's account. */
  now(owner: TimeOwner): Date
  /** `now(owner)` as the API writes timestamps. */
  nowIso(owner: TimeOwner): string
  /** How far the owner's account moved its clock, in ms. */
  clockOffsetMs(owner: TimeOwner): number
  random: Random
  log: Log
  /** The event bus (events/bus.ts), built from the rest: a change announces its events inside its transaction. */
  events: { emit<K extends WebhookEventKind>(tx: Tx, shop: ShopRecord, kind: K, subject: EventSubject<K>): void }
}

/** Every service's deps but the event bus, which is built from them first. */
export function createServiceDeps(
  deps: EmulatorDeps,
  clocks: AccountClocks,
  fences: AccountFences,
): Omit<ServiceDeps, 'events'> {
  const { store } = deps
  const transactAs = <R>(own: string | undefined, change: (tx: Tx) => R) =>
    store.tx((tx) => {
      const result = change(tx)
      fences.check(tx, own)
      return result
    })
  return {
    collections: store.collections,
    transact: (change) => transactAs(undefined, change),
    transactAs,
    newId: createIdFactory(deps.clock, deps.random),
    now: (owner) => clocks.now(owner),
    nowIso: (owner) => clocks.now(owner).toISOString(),
    clockOffsetMs: (owner) => clocks.offsetMs(owner),
    random: deps.random,
    log: deps.log,
  }
}
