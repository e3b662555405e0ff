import type { CreateBlacklistBody, UpdateBlacklistBody } from '../../../spec/blacklists.js'
import type { BlacklistRecord, ShopRecord } from '../../store/records.js'
import type { Shared } from '../shared.js'
import { applyBlacklistUpdate, buildBlacklistEntry, findBlacklistEntry, listBlacklists } from './rules.js'

/** Who may not buy (`/api/v1/blacklists`): IPs, countries and e-mail addresses per shop. */
export class BlacklistService {
  constructor(private readonly deps: Shared) {}

  list(shop: ShopRecord): BlacklistRecord[] {
    return listBlacklists(this.deps, shop)
  }

  get(shop: ShopRecord, id: string): BlacklistRecord {
    return findBlacklistEntry(this.deps, shop, id)
  }

  create(shop: ShopRecord, body: CreateBlacklistBody): Promise<BlacklistRecord> {
    return this.deps.transact((tx) => tx.put('blacklists', buildBlacklistEntry(this.deps, shop, body)))
  }

  update(shop: ShopRecord, id: string, body: UpdateBlacklistBody): Promise<BlacklistRecord> {
    return this.deps.transact((tx) =>
      tx.put('blacklists', applyBlacklistUpdate(this.deps, shop, findBlacklistEntry(this.deps, shop, id), body)),
    )
  }

  delete(shop: ShopRecord, id: string): Promise<void> {
    return this.deps.transact((tx) => tx.delete('blacklists', findBlacklistEntry(this.deps, shop, id).id))
  }
}
