import type { CreateBlacklistBody, UpdateBlacklistBody } from '../../../contract/blacklists.js'
import type { BlacklistRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { ShopResource } from '../common/shop-resource.js'
import { applyBlacklistUpdate, buildBlacklistEntry, findBlacklistEntry, listBlacklists } from './rules.js'

/** Who may not buy (`/api/v1/blacklists`): IPs, countries and e-mail addresses per shop. */
export class BlacklistService extends ShopResource<'blacklists', CreateBlacklistBody, UpdateBlacklistBody> {
  constructor(deps: ServiceDeps) {
    super(deps, {
      collection: 'blacklists',
      find: findBlacklistEntry,
      build: buildBlacklistEntry,
      applyUpdate: applyBlacklistUpdate,
    })
  }

  list(shop: ShopRecord): BlacklistRecord[] {
    return listBlacklists(this.deps, shop)
  }
}
