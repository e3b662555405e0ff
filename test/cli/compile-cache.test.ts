// V8's code cache of the CLI bundle: where it lives, that a run writes it and the next one keeps
// it, and that a damaged, unwritable or disabled cache is a normal start.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { compileCacheDirOf, compileCacheKeyOf } from '../../src/cli/compile-cache.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const BIN = join(ROOT, 'bin/store.js')
const hasBuild = existsSync(join(ROOT, 'dist/cli-bundle/start.cjs'))
const VERSIONS = { node: 'v20.20.2', arch: 'x64' }

describe('compileCacheDirOf', () => {
  it('is under XDG_CACHE_HOME, else ~/.cache, else %LOCALAPPDATA% on Windows, per Node version', () => {
    expect(compileCacheDirOf({ XDG_CACHE_HOME: '/c', HOME: '/h' }, 'linux', VERSIONS)).toBe(
      '/c/store/compile-cache/node-v20.20.2-x64',
    )
    expect(compileCacheDirOf({ HOME: '/h' }, 'darwin', VERSIONS)).toBe(
      '/h/.cache/store/compile-cache/node-v20.20.2-x64',
    )
    expect(compileCacheDirOf({ LOCALAPPDATA: 'C:\\L', HOME: '/h' }, 'win32', VERSIONS)).toContain('L')
  })

  it('is none when NODE_DISABLE_COMPILE_CACHE is set or no home is known', () => {
    expect(compileCacheDirOf({ HOME: '/h', NODE_DISABLE_COMPILE_CACHE: '1' }, 'linux', VERSIONS)).toBeUndefined()
    expect(compileCacheDirOf({}, 'linux', VERSIONS)).toBeUndefined()
  })
})

describe('compileCacheKeyOf', () => {
  it('is the leading words of argv, at most two, or main', () => {
    expect(compileCacheKeyOf(['products', 'list', '--limit', '3'])).toBe('products.list')
    expect(compileCacheKeyOf(['products', 'get', 'rec_demoSerial001'])).toBe('products.get')
    expect(compileCacheKeyOf(['help', 'coupons'])).toBe('help.coupons')
    expect(compileCacheKeyOf(['webhooks', 'listen', 'now'])).toBe('webhooks.listen')
    expect(compileCacheKeyOf(['serve', '--port', '0'])).toBe('serve')
    expect(compileCacheKeyOf(['--version'])).toBe('main')
    expect(compileCacheKeyOf(['--profile', 'staging', 'orders', 'list'])).toBe('main')
    expect(compileCacheKeyOf(['../../etc', 'x'])).toBe('main')
    expect(compileCacheKeyOf([])).toBe('main')
  })
})

describe.skipIf(!hasBuild)('the bundle with its code cache', () => {
  const run = (env: Record<string, string>, args = ['--version']) =>
    spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH, ...env } })
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version
  const entriesIn = (cache: string) => {
    const [folder] = readdirSync(join(cache, 'store', 'compile-cache'))
    const dir = join(cache, 'store', 'compile-cache', folder)
    return { dir, names: readdirSync(dir).sort() }
  }

  it('writes an entry per bundle file loaded, and the next run uses them as they are', () => {
    const cache = mkdtempSync(join(tmpdir(), 'store-cc-'))
    const first = run({ XDG_CACHE_HOME: cache })
    expect(first.stderr).toBe('')
    expect(first.stdout.trim()).toBe(version)
    const { dir, names } = entriesIn(cache)
    expect(names.some((n) => /^main\.cjs\.[0-9a-f]{16}\.main\.bin$/.test(n))).toBe(true)
    expect(names.every((n) => /\.cjs\.[0-9a-f]{16}\.main\.bin$/.test(n))).toBe(true)
    const written = names.map((n) => statSync(join(dir, n)).mtimeMs)
    const second = run({ XDG_CACHE_HOME: cache })
    expect(second.stdout.trim()).toBe(version)
    expect(entriesIn(cache).names).toEqual(names)
    expect(names.map((n) => statSync(join(dir, n)).mtimeMs)).toEqual(written)
  })

  it('keeps entries per command', () => {
    const cache = mkdtempSync(join(tmpdir(), 'store-cc-'))
    run({ XDG_CACHE_HOME: cache })
    run({ XDG_CACHE_HOME: cache }, ['help', 'coupons'])
    const { names } = entriesIn(cache)
    expect(names.filter((n) => n.startsWith('main.cjs.')).map((n) => n.split('.').slice(3, -1).join('.'))).toEqual([
      'help.coupons',
      'main',
    ])
  })

  it('compiles normally past a damaged entry and writes it again', () => {
    const cache = mkdtempSync(join(tmpdir(), 'store-cc-'))
    run({ XDG_CACHE_HOME: cache }, ['help', 'coupons'])
    const { dir, names } = entriesIn(cache)
    const main = join(dir, names.find((n) => n.startsWith('main.'))!)
    writeFileSync(main, 'not a code cache')
    const result = run({ XDG_CACHE_HOME: cache }, ['help', 'coupons'])
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('Usage: store coupons')
    expect(readFileSync(main).length).toBeGreaterThan(1000)
  })

  it('starts normally when the cache cannot be written, or is turned off', () => {
    const home = mkdtempSync(join(tmpdir(), 'store-cc-'))
    const notAFolder = join(home, 'file')
    writeFileSync(notAFolder, '')
    const unwritable = run({ XDG_CACHE_HOME: notAFolder })
    expect(unwritable.stderr).toBe('')
    expect(unwritable.stdout.trim()).toBe(version)
    const off = run({ XDG_CACHE_HOME: home, NODE_DISABLE_COMPILE_CACHE: '1' })
    expect(off.stdout.trim()).toBe(version)
    expect(existsSync(join(home, 'store'))).toBe(false)
  })
})
