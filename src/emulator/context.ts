import type { ServiceDeps } from './services/deps.js'
import type { AccountRecord, KeyRecord, ShopRecord } from './store/records.js'

export type Emulator = ServiceDeps

/** Hono variables set by the auth and shop middleware. */
export interface AuthedEnv {
  Variables: { account: AccountRecord; key: KeyRecord; shop: ShopRecord }
}
