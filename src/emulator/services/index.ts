import type { EmulatorDeps } from '../deps.js'
import { AccountService } from './accounts.js'
import { CatalogueService } from './catalogue.js'
import { ClockService } from './clock.js'
import { createServiceDeps, type ServiceDeps } from './deps.js'
import type { EventBus } from './events/bus.js'
import { SeedingService } from './seeding.js'

/** Every service of the emulator, built once over one store and handed to the app. */
export interface Services {
  accounts: AccountService
  catalogue: CatalogueService
  clock: ClockService
  events: EventBus
  seeding: SeedingService
  deps: ServiceDeps
}

export function createServices(world: EmulatorDeps): Services {
  const deps = createServiceDeps(world)
  return {
    accounts: new AccountService(deps),
    catalogue: new CatalogueService(deps),
    clock: new ClockService(deps),
    events: deps.events,
    seeding: new SeedingService(deps),
    deps,
  }
}
