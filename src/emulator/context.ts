import type { EmulatorDeps } from './deps.js'
import { EventBus } from './events/bus.js'
import { createIdFactory, type NewId } from './ids.js'
import type { AccountRecord, KeyRecord, ShopRecord } from './store/records.js'

/** The deps plus what is derived from them once per app (the id factory). */
export interface Emulator extends EmulatorDeps {
  newId: NewId
  nowIso(): string
  events: EventBus
}

export function createEmulator(deps: EmulatorDeps): Emulator {
  const events = new EventBus()
  deps.store.onCommit = (tx) => events.committed(tx)
  return { ...deps, newId: createIdFactory(deps.clock, deps.random), nowIso: () => deps.clock.now().toISOString(), events }
}

/** Hono variables set by the auth and shop middleware. */
export interface AuthedEnv {
  Variables: { account: AccountRecord; key: KeyRecord; shop: ShopRecord }
}
