import type { EmulatorDeps } from './deps.js'
import { eventBusOf, type EventBus } from './services/events/bus.js'
import { createIdFactory, type NewId } from './ids.js'
import type { AccountRecord, KeyRecord, ShopRecord } from './store/records.js'

/** The deps plus what is derived from them once per app (the id factory). */
export interface Emulator extends EmulatorDeps {
  newId: NewId
  nowIso(): string
  events: EventBus
}

const idFactories = new WeakMap<object, NewId>()

/** One id factory per store, so ids stay ordered however many Emulators are built over it. */
function idFactoryOf(deps: EmulatorDeps): NewId {
  let factory = idFactories.get(deps.store)
  if (!factory) idFactories.set(deps.store, (factory = createIdFactory(deps.clock, deps.random)))
  return factory
}

export function createEmulator(deps: EmulatorDeps): Emulator {
  const emu = { ...deps, newId: idFactoryOf(deps), nowIso: () => deps.clock.now().toISOString() } as Emulator
  // One bus per store, however many Emulators are built over it (startEmulator builds several).
  emu.events = eventBusOf(emu)
  return emu
}

/** Hono variables set by the auth and shop middleware. */
export interface AuthedEnv {
  Variables: { account: AccountRecord; key: KeyRecord; shop: ShopRecord }
}
