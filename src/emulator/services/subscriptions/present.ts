import { SubscriptionSchema } from '../../../contract/subscriptions.js'
import { presenterOf } from '../common/listed.js'

/** The spec's fields, then its plan, charge and where the emulator clock stands in it. */
export const presentSubscription = presenterOf(SubscriptionSchema)
