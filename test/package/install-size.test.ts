// What a library-only install brings: the packed package and the closure of its dependencies, as
// npm would install them (resolved from this project's node_modules), with no install scripts.
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { scaled } from '../helpers/time-scale.js'

const run = promisify(execFile)
const ROOT = resolve(import.meta.dirname, '../..')
const MB = 1024 * 1024

interface Manifest {
  name: string
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  scripts?: Record<string, string>
}

const manifestOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest

/** Where Node (and npm's hoisting) finds `name` from the package in `dir`. */
function resolvePackage(name: string, dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (at === dirname(at)) return undefined
  }
}

/** Bytes of a package's own files: its nested node_modules are packages of their own. */
function bytesOf(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue
    const path = join(dir, entry.name)
    total += entry.isDirectory() ? bytesOf(path) : statSync(path).size
  }
  return total
}

function dependencyClosure(): Map<string, string> {
  const found = new Map<string, string>()
  const visit = (dir: string) => {
    const manifest = manifestOf(dir)
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      const at = resolvePackage(name, dir)
      if (!at || found.has(at)) continue
      found.set(at, name)
      visit(at)
    }
  }
  visit(ROOT)
  return found
}

describe('a library-only install', () => {
  it(
    'ships the CLI once, runs no install script, and stays under 20 MB',
    async () => {
      const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT })
      const [packed] = JSON.parse(stdout) as { unpackedSize: number; files: { path: string }[] }[]
      const files = packed.files.map((f) => f.path)
      expect(files.filter((f) => f.startsWith('dist/cli/'))).toEqual([])
      expect(files).toContain('dist/cli-bundle/main.js')
      expect(files).toContain('dist/browser/swagger-ui/swagger-ui-bundle.js')

      const closure = dependencyClosure()
      const withScripts = [...closure].filter(([dir]) => {
        const scripts = manifestOf(dir).scripts ?? {}
        return ['preinstall', 'install', 'postinstall'].some((s) => s in scripts)
      })
      expect(withScripts.map(([, name]) => name)).toEqual([])
      expect([...closure.values()]).not.toContain('swagger-ui-dist')

      const dependencies = [...closure.keys()].reduce((n, dir) => n + bytesOf(dir), 0)
      const total = packed.unpackedSize + dependencies
      // The figures the README gives.
      console.log(
        `library install: package ${(packed.unpackedSize / MB).toFixed(1)} MB + ${closure.size} packages ${(dependencies / MB).toFixed(1)} MB = ${(total / MB).toFixed(1)} MB`,
      )
      expect(total).toBeLessThanOrEqual(20 * MB)
    },
    scaled(60_000),
  )
})
