import type { EmulatorDeps } from '../deps.js'
import { createIdFactory, type NewId } from '../ids.js'
import { EventBus } from './events/bus.js'

/**
 * What the services share, made once per emulator: the injected world, one id factory (so ids
 * stay ordered), the time as ISO text and the event bus every operation emits on.
 */
export interface ServiceDeps extends EmulatorDeps {
  newId: NewId
  nowIso(): string
  events: EventBus
}

export function createServiceDeps(world: EmulatorDeps): ServiceDeps {
  const deps = {
    ...world,
    newId: createIdFactory(world.clock, world.random),
    nowIso: () => world.clock.now().toISOString(),
  } as ServiceDeps
  deps.events = new EventBus(deps)
  return deps
}
