import { emulatorOf } from '../../src/emulator/app.js'
import { buildKey, buildShop } from '../../src/emulator/store/accounts.js'
import type { AccountRecord, ShopRecord } from '../../src/emulator/store/records.js'
import { defaultTheme } from '../../src/emulator/store/themes.js'
import type { testEmulator } from '../helpers/emulator.js'

export type TestEmulator = Awaited<ReturnType<typeof testEmulator>>

/**
 * A second account with its own shop and key. The control API has no route for accounts (one
 * account per emulator is what `store serve` makes), so it is written to the store directly, the
 * way store/seed.ts fills a new db.
 */
export async function addAccount(emu: TestEmulator, o: { slug: string; key: string; name?: string }): Promise<{ account: AccountRecord; shop: ShopRecord }> {
  const e = emulatorOf(emu.app)
  return emu.store.tx((tx) => {
    const account = tx.put('accounts', { id: e.newId('acct'), name: o.name ?? `Account of ${o.slug}`, createdAt: e.nowIso() })
    const shop = tx.put('shops', buildShop(e, account.id, o.name ?? `Shop ${o.slug}`, o.slug))
    tx.put('themes', defaultTheme(e, shop))
    tx.put('keys', buildKey(e, account.id, o.key, 'second account'))
    return { account, shop }
  })
}
