import { QuerySchema } from '../../../contract/storefront.js'
import { presenterOf } from '../common/listed.js'

/** A customer query as the merchant and the buyer see it. */
export const presentQuery = presenterOf(QuerySchema)
