// `store serve` as a child process: what a start prints and what a refused start leaves behind.
import { existsSync, readdirSync } from 'node:fs'
import { createServer, type AddressInfo, type Server } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, refusedServe, startServe, tmpFolder } from '../e2e/serve-process.js'

const folders: (() => void)[] = []
const folder = () => {
  const { dir, remove } = tmpFolder('store-serve-start-')
  folders.push(remove)
  return dir
}

beforeAll(() => ensureBuilt())
afterAll(() => {
  for (const remove of folders) remove()
})

describe('store serve start-up', () => {
  it('on a busy port creates no db (no key made and never shown), exit 2', async () => {
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as AddressInfo).port
    try {
      const dir = folder()
      const result = await refusedServe(['--port', String(port), '--db', join(dir, 'new.json')])
      expect(result.code).toBe(2)
      expect(result.stderr).toBe(
        `error: --port ${port}: the port is in use on 127.0.0.1. Stop what uses it, or pass --port 0 for a free one.\n`,
      )
      expect(readdirSync(dir)).toEqual([])
    } finally {
      blocker.close()
    }
  })

  it('with :memory: does not promise a flush to disk', async () => {
    const server = await startServe(['--port', '0', '--db', ':memory:', '--quiet'])
    try {
      expect(server.stdout()).toMatch(/^ {2}DB {10}:memory: \(nothing is kept after a stop\)$/m)
      expect(server.stdout()).toMatch(/^Press Ctrl\+C to stop\.$/m)
      expect(server.stdout()).not.toMatch(/flush|disk/)
    } finally {
      await server.stop()
    }
    expect(server.stdout()).toMatch(/\nStopped\. Nothing was kept \(--db :memory:\)\.\n$/)
  })

  it('says --seed is ignored on an existing db, and names the db it flushes to', async () => {
    const db = join(folder(), 'shop.json')
    const first = await startServe(['--port', '0', '--db', db, '--quiet'])
    expect(first.stdout()).toContain(`Press Ctrl+C to stop (everything is flushed to ${db} first).`)
    expect(first.stderr()).toBe('')
    expect((await first.stop()).code).toBe(0)
    expect(first.stdout()).toMatch(
      new RegExp(
        `\\nStopped\\. Everything is in ${db.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: store serve --db \\S+ starts from it again\\.\\n$`,
      ),
    )
    expect(existsSync(db)).toBe(true)

    const quiet = await startServe(['--port', '0', '--db', db, '--quiet'])
    expect((await quiet.stop()).code).toBe(0)
    expect(quiet.stderr()).toBe('')

    const seeded = await startServe(['--port', '0', '--db', db, '--seed', 'empty', '--quiet'])
    expect((await seeded.stop()).code).toBe(0)
    expect(seeded.stderr()).toBe(
      `warning: --seed empty is ignored: ${db} exists, and a seed fills a new db only. Pass another --db (or move this one aside) to start from the seed.\n`,
    )
  })
})
