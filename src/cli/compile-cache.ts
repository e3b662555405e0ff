// V8's code cache for the CLI bundle: the files of dist/cli-bundle/ are compiled from the cached
// data of an earlier run instead of parsed again (README, "Start-up"). Node 20 has no
// module.enableCompileCache, so the bundle's CommonJS files go through vm.Script with cachedData.
// Only the files the build lists are cached, each entry named by a hash of the file's content, in a
// folder per Node version and architecture, so an entry only ever meets the source it was made
// from; V8 checks the rest (its version, flags) and a refused or unreadable entry is a normal compile.
// Code compiled this way cannot run import() (the bundle sends those through a file of its own).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import type ModuleClass from 'node:module'
import { basename, dirname, join } from 'node:path'
import { Script } from 'node:vm'

/** Entries written this long ago are removed when a new one is written (earlier builds, mostly). */
const STALE_MS = 30 * 24 * 60 * 60 * 1000

type Env = Record<string, string | undefined>

/**
 * Where the cache lives: $XDG_CACHE_HOME/store, else ~/.cache/store (%LOCALAPPDATA%\store on
 * Windows), one folder per Node version and architecture; none when NODE_DISABLE_COMPILE_CACHE
 * is set (Node's own switch for its compile cache) or no home is known.
 */
export function compileCacheDirOf(env: Env, platform: NodeJS.Platform, versions: { node: string; arch: string }) {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined
  const root =
    env.XDG_CACHE_HOME || (platform === 'win32' ? env.LOCALAPPDATA : env.HOME ? join(env.HOME, '.cache') : undefined)
  return root ? join(root, 'store', 'compile-cache', `node-${versions.node}-${versions.arch}`) : undefined
}

interface CompiledModule {
  exports: unknown
  filename: string
  require(id: string): unknown
}

type Compile = (this: CompiledModule, content: string, filename: string) => unknown

/**
 * Which entries a run reads and writes: one set per command (`products.list`, `help.coupons`; the
 * leading words of argv, at most two; `main` without any). An entry holds the functions of the
 * run that wrote it, so each command gets its own rather than those of whichever ran first.
 */
export function compileCacheKeyOf(argv: readonly string[]): string {
  const words: string[] = []
  for (const arg of argv) {
    if (words.length === 2 || !/^[a-z][a-z0-9-]{0,31}$/.test(arg)) break
    words.push(arg)
  }
  return words.length ? words.join('.') : 'main'
}

export interface CompileCacheOptions {
  /** The folder of the bundle's files. */
  bundleDir: string
  /** Where the entries are kept (compileCacheDirOf); none: no cache. */
  cacheDir: string | undefined
  /** The files to cache: file name to a hash of its content. */
  contentHashes: Record<string, string>
  /** compileCacheKeyOf the run's argv. */
  key: string
}

/**
 * Compiles the bundle's files named in `contentHashes` with V8's code cache; other files load as
 * usual. Entries missing or refused are written when the process exits, after the command ran,
 * so they hold the functions it compiled too. Any failure to read or write the cache is a normal
 * compile. `Module` is Node's CommonJS module class, from the caller's `module.constructor`:
 * importing node:module would load more than the class, at a cost to every start.
 */
export function useCompileCache(Module: typeof ModuleClass, o: CompileCacheOptions): void {
  const { bundleDir, cacheDir, contentHashes, key } = o
  if (!cacheDir) return
  const proto = Module.prototype as unknown as { _compile: Compile }
  const compile = proto._compile
  const unsaved: { script: Script; file: string }[] = []
  proto._compile = function (this: CompiledModule, content: string, filename: string) {
    const name = basename(filename)
    const hash = dirname(filename) === bundleDir ? contentHashes[name] : undefined
    if (!hash) return compile.call(this, content, filename)
    const file = join(cacheDir, `${name}.${hash}.${key}.bin`)
    let cachedData: Buffer | undefined
    try {
      cachedData = readFileSync(file)
    } catch {}
    const script = new Script(Module.wrap(content), { filename, cachedData })
    if (!cachedData || script.cachedDataRejected) unsaved.push({ script, file })
    const wrapper = script.runInThisContext()
    return wrapper.call(this.exports, this.exports, requireOf(Module, this), this, filename, dirname(filename))
  }
  process.once('exit', () => save(cacheDir, unsaved))
}

/** The `require` a CommonJS file gets: resolved against the file, as Node's own. */
function requireOf(Module: typeof ModuleClass, module: CompiledModule) {
  const require = (id: string) => module.require(id)
  const resolveFilename = (Module as unknown as { _resolveFilename: (id: string, parent: unknown) => string })
    ._resolveFilename
  return Object.assign(require, {
    resolve: (id: string) => resolveFilename(id, module),
    cache: (Module as unknown as { _cache: unknown })._cache,
  })
}

function save(cacheDir: string, unsaved: { script: Script; file: string }[]): void {
  if (unsaved.length === 0) return
  try {
    mkdirSync(cacheDir, { recursive: true })
    for (const { script, file } of unsaved) {
      // Another process may write the same entry: each writes its own file and renames it into place.
      const partial = `${file}.${process.pid}.tmp`
      writeFileSync(partial, script.createCachedData())
      renameSync(partial, file)
    }
    removeStale(cacheDir)
  } catch {}
}

function removeStale(cacheDir: string): void {
  const now = Date.now()
  for (const name of readdirSync(cacheDir)) {
    const file = join(cacheDir, name)
    if (now - statSync(file).mtimeMs > STALE_MS) rmSync(file, { force: true })
  }
}
