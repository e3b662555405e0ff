import { describe, expect, it } from 'vitest'
import { Store } from '../../src/emulator/store/store.js'
import { FaultyIO, account, openAsCrashingProcess, tmpDb } from '../emulator/store/store-helpers.js'

/**
 * A write the disk refuses says only what is true: "was not saved" when the journal was cut back,
 * so the next start does not find it either; "could not be confirmed" when the journal could not
 * be cut and may hold the whole line, which the next start replays.
 */
describe('a refused write says what is true after a restart', () => {
  it.each([
    ['the journal is cut back', false, /and was not saved\. /, false],
    ['the journal cannot be cut back', true, /could not be confirmed .*: it may be there after a restart/, true],
  ])('when the sync fails and %s', async (_case, cannotCut, message, isThereAfterRestart) => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    const store = await openAsCrashingProcess({ path: db, io })
    await store.tx((tx) => tx.put('accounts', account(1)))
    io.failSync = 'ENOSPC'
    if (cannotCut) io.failTruncate = 'EIO'
    await expect(store.tx((tx) => tx.put('accounts', account(2)))).rejects.toThrow(message)
    expect(store.collections.accounts.get(account(2).id)).toBeUndefined()
    // The process dies here, as a retry loop's client would find it after a restart.
    const reopened = await Store.open({ path: db })
    expect(reopened.collections.accounts.get(account(2).id) !== undefined).toBe(isThereAfterRestart)
    await reopened.close()
  })
})
