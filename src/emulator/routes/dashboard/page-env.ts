import type { AccountRecord, KeyRecord } from '../../../contract/rows.js'

/** What a dashboard page's handlers find on the context once the session is checked. */
export interface PageEnv {
  Variables: { account: AccountRecord; key: KeyRecord }
}
