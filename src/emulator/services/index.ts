import type { EmulatorDeps } from '../deps.js'
import { AccountFences } from './accounts/fences.js'
import { AccountQueue } from './accounts/queue.js'
import { AccountService } from './accounts/service.js'
import { blacklistRules } from './blacklists/rules.js'
import { CatalogueService } from './catalogue/service.js'
import { categoryRules } from './categories/rules.js'
import { AccountClocks } from './clock/account-clocks.js'
import { ClockService } from './clock/service.js'
import { couponRules } from './coupons/rules.js'
import { CustomerService } from './customers/service.js'
import { EventBus } from './events/bus.js'
import { FaultService } from './faults/service.js'
import { groupRules } from './groups/rules.js'
import { OrderService } from './orders/service.js'
import { PaymentService } from './payment/service.js'
import { SeedingService } from './seeding/service.js'
import { createServiceDeps, type ServiceDeps } from './common/deps.js'
import { ShopResource } from './common/shop-resource.js'
import { savedStateFiles, savedStatesInMemory } from './states/saved-states.js'
import { StateService } from './states/service.js'
import { StorefrontService } from './storefront/service.js'
import { SubscriptionService } from './subscriptions/service.js'
import { ThemeService } from './themes/service.js'
import { WebhookService } from './webhooks/service.js'

/** Every service of the emulator, built once over one store and handed to the app. */
export type Services = ReturnType<typeof createServices>

/** The network only for the bus and payment, the emulator's clock only for the clock and seeding. */
export function createServices(emulator: EmulatorDeps) {
  const { store } = emulator
  const clocks = new AccountClocks(emulator.clock, store.collections)
  const fences = new AccountFences(store.collections)
  const withoutEvents = createServiceDeps(emulator, clocks, fences)
  const events = new EventBus(withoutEvents, emulator)
  const deps: ServiceDeps = { ...withoutEvents, events }
  const queue = new AccountQueue()
  const accounts = new AccountService(deps, queue)
  accounts.onKeyRevoked((keyId) => events.streams.endKey(keyId))
  const seeding = new SeedingService(deps, clocks, fences, store.path)
  const saved = store.isMemory ? savedStatesInMemory() : savedStateFiles(`${store.path}.states`)
  return {
    accounts,
    blacklists: new ShopResource(deps, blacklistRules),
    catalogue: new CatalogueService(deps),
    categories: new ShopResource(deps, categoryRules),
    clock: new ClockService(deps, clocks, queue),
    coupons: new ShopResource(deps, couponRules),
    customers: new CustomerService(deps),
    events,
    faults: new FaultService(deps),
    groups: new ShopResource(deps, groupRules),
    orders: new OrderService(deps),
    payment: new PaymentService(deps, { fetch: emulator.fetch, timeoutMs: emulator.options.dynamicTimeoutMs }),
    seeding,
    states: new StateService(deps, seeding, saved, accounts, queue, fences, emulator.options.maxAccounts),
    storefront: new StorefrontService(deps),
    subscriptions: new SubscriptionService(deps),
    themes: new ThemeService(deps),
    webhooks: new WebhookService(deps, events),
  }
}
