import type { EmulatorDeps, Log, Random } from '../../deps.js'
import { createIdFactory, type NewId } from '../../ids.js'
import type { Collections } from '../../store/collections.js'
import type { Tx } from '../../store/store.js'
import type { AccountFences } from '../accounts/fences.js'
import type { AccountClocks, TimeOwner } from '../clock/account-clocks.js'
import type { WebhookEventKind } from '../../../contract/events.js'
import type { ShopRecord } from '../../../contract/rows.js'
import type { EventSubject } from '../events/payloads.js'

/** What every service works with, made once per emulator; a service that calls out is handed `fetch` by name. */
export interface ServiceDeps {
  collections: Collections
  /** Resolves once on disk; refused when it changes an account under a whole-account operation (fences.ts). */
  transact<R>(change: (tx: Tx) => R): Promise<R>
  /** `transact` for the whole-account operation of `accountId`, which its own fence lets through. */
  transactAs<R>(accountId: string, change: (tx: Tx) => R): Promise<R>
  newId: NewId
  now(owner: TimeOwner): Date
  nowIso(owner: TimeOwner): string
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
