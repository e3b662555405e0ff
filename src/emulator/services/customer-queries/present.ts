import type { ListedFields } from '../../../contract/common.js'
import { QuerySchema } from '../../../contract/storefront.js'
import type { QueryRecord } from '../../../contract/rows.js'
import { presenterOf } from '../common/listed.js'

/** A customer query as the merchant and the buyer see it. */
export const presentQuery: (row: QueryRecord) => ListedFields<typeof QuerySchema> = presenterOf(QuerySchema)
