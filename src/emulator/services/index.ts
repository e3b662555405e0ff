import type { EmulatorDeps } from '../deps.js'
import { AccountQueue } from './account-queue.js'
import { AccountService } from './accounts.js'
import { BlacklistService } from './blacklists.js'
import { CatalogueService } from './catalogue.js'
import { CategoryService } from './categories.js'
import { ClockService } from './clock.js'
import { CouponService } from './coupons.js'
import { CustomerService } from './customers.js'
import { createServiceDeps } from './deps.js'
import type { EventBus } from './events/bus.js'
import { FaultService } from './faults.js'
import { GroupService } from './groups.js'
import { OrderService } from './orders.js'
import { PaymentService } from './payment.js'
import { savedStateFiles, savedStatesInMemory } from './saved-states.js'
import { SeedingService } from './seeding.js'
import { StateService } from './states.js'
import { StorefrontService } from './storefront.js'
import { SubscriptionService } from './subscriptions.js'
import { ThemeService } from './themes.js'
import { WebhookService } from './webhooks.js'

/** Every service of the emulator, built once over one store and handed to the app. */
export interface Services {
  accounts: AccountService
  blacklists: BlacklistService
  catalogue: CatalogueService
  categories: CategoryService
  clock: ClockService
  coupons: CouponService
  customers: CustomerService
  events: EventBus
  faults: FaultService
  groups: GroupService
  orders: OrderService
  payment: PaymentService
  seeding: SeedingService
  states: StateService
  storefront: StorefrontService
  subscriptions: SubscriptionService
  themes: ThemeService
  webhooks: WebhookService
}

export function createServices(world: EmulatorDeps): Services {
  const deps = createServiceDeps(world)
  const seeding = new SeedingService(deps)
  const saved = world.store.isMemory ? savedStatesInMemory() : savedStateFiles(`${world.store.path}.states`)
  const accounts = new AccountService(deps)
  const queue = new AccountQueue()
  accounts.onKeyRevoked((keyId) => deps.events.streams.endKey(keyId))
  return {
    accounts,
    blacklists: new BlacklistService(deps),
    catalogue: new CatalogueService(deps),
    categories: new CategoryService(deps),
    clock: new ClockService(deps, queue),
    coupons: new CouponService(deps),
    customers: new CustomerService(deps),
    events: deps.events,
    faults: new FaultService(deps),
    groups: new GroupService(deps),
    orders: new OrderService(deps),
    payment: new PaymentService(deps),
    seeding,
    states: new StateService(deps, seeding, saved, accounts, queue),
    storefront: new StorefrontService(deps),
    subscriptions: new SubscriptionService(deps),
    themes: new ThemeService(deps),
    webhooks: new WebhookService(deps),
  }
}
