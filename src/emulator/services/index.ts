import type { EmulatorDeps } from '../deps.js'
import { AccountFences } from './accounts/fences.js'
import { AccountQueue } from './accounts/queue.js'
import { AccountService } from './accounts/service.js'
import { BlacklistService } from './blacklists/service.js'
import { CatalogueService } from './catalogue/service.js'
import { CategoryService } from './categories/service.js'
import { AccountClocks } from './clock/account-clocks.js'
import { ClockService } from './clock/service.js'
import { CouponService } from './coupons/service.js'
import { CustomerService } from './customers/service.js'
import type { ServiceDeps } from './deps.js'
import { EventBus } from './events/bus.js'
import { FaultService } from './faults/service.js'
import { GroupService } from './groups/service.js'
import { OrderService } from './orders/service.js'
import { PaymentService } from './payment/service.js'
import { SeedingService } from './seeding/service.js'
import { createShared } from './shared.js'
import { savedStateFiles, savedStatesInMemory } from './states/saved-states.js'
import { StateService } from './states/service.js'
import { StorefrontService } from './storefront/service.js'
import { SubscriptionService } from './subscriptions/service.js'
import { ThemeService } from './themes/service.js'
import { WebhookService } from './webhooks/service.js'

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

/**
 * Builds every service with what it uses: `Shared` (the collections, transactions, ids, time,
 * randomness and log); the event bus, made from `Shared` first, for those that announce changes;
 * the network only for the bus and payment; the emulator's clock only for the clock and seeding.
 */
export function createServices(deps: EmulatorDeps): Services {
  const { store } = deps
  const clocks = new AccountClocks(deps.clock, store.collections)
  const fences = new AccountFences(store.collections)
  const shared = createShared(deps, clocks, fences)
  const events = new EventBus(shared, { fetch: deps.fetch, sleep: deps.sleep, options: deps.options })
  const withEvents: ServiceDeps = { ...shared, events }
  const queue = new AccountQueue()
  const accounts = new AccountService(shared, queue)
  accounts.onKeyRevoked((keyId) => events.streams.endKey(keyId))
  const seeding = new SeedingService(withEvents, clocks, fences, store.path)
  const saved = store.isMemory ? savedStatesInMemory() : savedStateFiles(`${store.path}.states`)
  return {
    accounts,
    blacklists: new BlacklistService(shared),
    catalogue: new CatalogueService(withEvents),
    categories: new CategoryService(shared),
    clock: new ClockService(withEvents, clocks, queue),
    coupons: new CouponService(shared),
    customers: new CustomerService(shared),
    events,
    faults: new FaultService(shared),
    groups: new GroupService(shared),
    orders: new OrderService(withEvents),
    payment: new PaymentService(withEvents, {
      fetch: deps.fetch,
      timeoutMs: deps.options.dynamicTimeoutMs,
    }),
    seeding,
    states: new StateService(shared, seeding, saved, accounts, queue, fences, deps.options.maxAccounts),
    storefront: new StorefrontService(withEvents),
    subscriptions: new SubscriptionService(withEvents),
    themes: new ThemeService(shared),
    webhooks: new WebhookService(withEvents),
  }
}
