import type { EmulatorDeps } from '../deps.js'
import type { Collections } from '../store/collections.js'
import { createIdFactory, type NewId } from '../ids.js'
import { EventBus } from './events/bus.js'

/**
 * What the services share, made once per emulator: the injected world, the store's rows, one id
 * factory (so ids stay ordered), the time as ISO text and the event bus every operation emits on.
 */
export interface ServiceDeps extends EmulatorDeps {
  /** The store's collections: read them here, change them only through a transaction (`store.tx`). */
  rows: Collections
  newId: NewId
  nowIso(): string
  events: EventBus
}

export function createServiceDeps(world: EmulatorDeps): ServiceDeps {
  const deps = {
    ...world,
    rows: world.store.c,
    newId: createIdFactory(world.clock, world.random),
    nowIso: () => world.clock.now().toISOString(),
  } as ServiceDeps
  deps.events = new EventBus(deps)
  return deps
}
