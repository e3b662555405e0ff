import type { EventBus } from './events/bus.js'
import type { Shared } from './shared.js'

/** What a service that announces its changes works with: `Shared` and the event bus it emits on. */
export interface ServiceDeps extends Shared {
  events: EventBus
}
