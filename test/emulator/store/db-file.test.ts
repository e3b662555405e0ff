import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createCollections } from '../../../src/emulator/store/collections.js'
import { testEmulator } from '../../helpers/emulator.js'
import { Store } from '../../../src/emulator/store/store.js'
import { productRow } from '../../helpers/rows.js'
import { account, tmpDb } from './store-helpers.js'

type Rows = Record<string, { shopId?: string; accountId?: string }[]>

/** A stored product row without its name. */
const { name: _name, ...product } = productRow({ shopId: 'shop_1' })

describe('Store: db file validation', () => {
  it.each([
    ['not JSON', 'this is not json', 'it is not valid JSON (Unexpected token'],
    ['an empty file', '', 'it is not valid JSON (Unexpected end of JSON input)'],
    ['a half-written file', '{"version":1,"accounts":[{"id":"a', 'it is not valid JSON ('],
    ['a JSON array', '[]', 'it does not hold a JSON object'],
    ['a JSON scalar', '42', 'it does not hold a JSON object'],
    ['JSON null', 'null', 'it does not hold a JSON object'],
    ['another version', '{"version":2}', '"version" is 2, expected 1'],
    ['no version', '{"accounts":[]}', '"version" is undefined, expected 1'],
    ['an unknown collection', '{"version":1,"widgets":[]}', 'unknown collection "widgets"'],
    [
      'a version and nothing else',
      '{"version":1}',
      'collection "meta" is missing (the store writes every collection, empty ones too), so rows may have been lost',
    ],
    ['a position that is not a number', '{"version":1,"seq":"2"}', '"seq" is "2", expected a whole number'],
    ['a collection that is not a list', '{"version":1,"products":{}}', '"products" is not an array'],
    ['a product missing its name', JSON.stringify({ version: 1, products: [product] }), 'products[0].name: '],
    [
      'an account with a wrong type',
      JSON.stringify({ version: 1, accounts: [account(1), { ...account(2), name: 7 }] }),
      'accounts[1].name: ',
    ],
  ])('refuses %s, naming the file and the problem, and leaves it untouched', async (_case, content, problem) => {
    const { db } = tmpDb()
    writeFileSync(db, content)
    const opening = Store.open({ path: db })
    await expect(opening).rejects.toMatchObject({ status: 500 })
    await expect(opening).rejects.toThrow(`db file ${db} was refused: ${problem}`)
    await expect(opening).rejects.toThrow(/It was left untouched; fix it or start with another --db\.$/)
    expect(readFileSync(db, 'utf8')).toBe(content)
    expect([existsSync(`${db}.journal`), existsSync(`${db}.lock`)]).toEqual([false, false])
  })

  it('refuses a db file it wrote once a collection was dropped from it, naming the collection', async () => {
    const { db } = tmpDb()
    const store = await Store.open({ path: db })
    await store.tx((tx) => tx.put('accounts', account(1)))
    await store.close()
    const file = JSON.parse(readFileSync(db, 'utf8'))
    delete file.accounts
    const content = JSON.stringify(file)
    writeFileSync(db, content)
    await expect(Store.open({ path: db })).rejects.toThrow(
      `db file ${db} was refused: collection "accounts" is missing (the store writes every collection, empty ones too), so rows may have been lost. It was left untouched; fix it or start with another --db.`,
    )
    expect(readFileSync(db, 'utf8')).toBe(content)
  })

  it.each([
    [
      'two products with one id',
      (rows: Rows) => ({ products: [rows.products[0], rows.products[0]] }),
      /products\[1\] has the key "prod_[^"]+" of an earlier row; each row needs its own/,
    ],
    [
      'a product of a shop it does not hold',
      (rows: Rows) => ({ products: [{ ...rows.products[0], shopId: 'shop_gone' }] }),
      /products row "prod_[^"]+" names shop "shop_gone", which it does not hold/,
    ],
    [
      'a shop of no account',
      (rows: Rows) => ({ shops: [{ ...rows.shops[0], accountId: 'acct_gone' }] }),
      /shops row "shop_[^"]+" names account "acct_gone", which it does not hold/,
    ],
  ])('refuses a db file holding %s, naming the row', async (_case, change, problem) => {
    const { db } = tmpDb()
    const emu = await testEmulator({ db })
    await emu.stop()
    const file = JSON.parse(readFileSync(db, 'utf8'))
    const content = JSON.stringify({ ...file, ...change(file) })
    writeFileSync(db, content)
    await expect(Store.open({ path: db })).rejects.toThrow(problem)
    expect(readFileSync(db, 'utf8')).toBe(content)
  })

  it('refuses a db path it cannot read (a folder), saying so', async () => {
    const { db } = tmpDb()
    mkdirSync(db)
    await expect(Store.open({ path: db })).rejects.toThrow(
      new RegExp(`^db file ${db} was refused: it cannot be read \\(EISDIR`),
    )
    expect(existsSync(`${db}.lock`)).toBe(false)
  })

  it('refuses a db in a folder that does not exist, saying which folder', async () => {
    const { dir } = tmpDb()
    await expect(Store.open({ path: `${dir}/missing/store.json` })).rejects.toThrow(
      `the folder ${dir}/missing does not exist. Create it, or pass a --db in an existing folder.`,
    )
  })

  it('loads a valid file, keeping fields it does not know', async () => {
    const { db } = tmpDb()
    const empty = Object.fromEntries(Object.keys(createCollections()).map((name) => [name, []]))
    const content = JSON.stringify({ version: 1, ...empty, accounts: [{ ...account(1), extra: { kept: true } }] })
    writeFileSync(db, content)
    const store = await Store.open({ path: db })
    expect(store.collections.accounts.get(account(1).id)).toEqual({ ...account(1), extra: { kept: true } })
    expect(readFileSync(db, 'utf8')).toBe(content)
    await store.close()
  })
  it('writes one row per line, and checks every row when it loads', async () => {
    const { db } = tmpDb()
    const store = await Store.open({ path: db })
    await store.tx((tx) => {
      tx.put('accounts', account(1))
      tx.put('accounts', account(2))
    })
    await store.close()
    const written = readFileSync(db, 'utf8')
    // Holding transaction 1 (the one above).
    expect(written.split('\n').slice(0, 2)).toEqual(['{"version":1,"seq":1,', '"meta":['])
    expect(written.split('\n')).toContain(JSON.stringify(account(2)))
    expect(written).toMatch(/\n\]\n\}\n$/)
    expect(JSON.parse(written).accounts).toEqual([account(1), account(2)])
    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot().accounts).toEqual([account(1), account(2)])
    await reopened.close()

    const edited = written.replace(JSON.stringify(account(2)), JSON.stringify({ ...account(2), name: 7 }))
    writeFileSync(db, edited)
    await expect(Store.open({ path: db })).rejects.toThrow(`db file ${db} was refused: accounts[1].name: `)
    expect(readFileSync(db, 'utf8')).toBe(edited)
    // Broken JSON inside the layout gets the JSON parser's own message.
    const broken = written.replace(JSON.stringify(account(2)), JSON.stringify(account(2)).slice(0, -1))
    writeFileSync(db, broken)
    await expect(Store.open({ path: db })).rejects.toThrow(`db file ${db} was refused: it is not valid JSON (`)
  })
})
