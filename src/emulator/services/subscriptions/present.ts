import type { ListedFields } from '../../../contract/common.js'
import { SubscriptionSchema } from '../../../contract/subscriptions.js'
import type { SubscriptionRecord } from '../../../contract/rows.js'
import { presenterOf } from '../common/listed.js'

/** The spec's fields, then its plan, charge and where the emulator clock stands in it. */
export const presentSubscription: (row: SubscriptionRecord) => ListedFields<typeof SubscriptionSchema> =
  presenterOf(SubscriptionSchema)
