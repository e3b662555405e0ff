// `npm run build`: tsc, the browser bundle and the CLI bundle into a folder of their own, then
// swapped into place as dist/, so a command that runs meanwhile (a `store serve`, a `store logs
// tail`) never finds dist/ half written. The previous CLI bundle's chunks that the new one lacks
// are kept for a day: a process started before the swap still finds the chunks it loads on use.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const next = `dist.next-${process.pid}`
const old = `dist.old-${process.pid}`
const DAY_MS = 86_400_000

const node = (args, env = {}) =>
  execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })

rmSync(join(root, next), { recursive: true, force: true })
try {
  node([join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json', '--outDir', next])
  // The operations' addresses as data: the library's client then calls an operation without loading zod.
  const addresses = join(root, next, 'contract', 'operations', 'addresses.js')
  const { ADDRESSES } = await import(pathToFileURL(addresses).href)
  writeFileSync(addresses, `export const ADDRESSES = ${JSON.stringify(ADDRESSES)}\n`)
  node([join(root, 'scripts', 'build-browser.js')], { STORE_DIST: next })
  node([join(root, 'scripts', 'build-cli.js')], { STORE_DIST: next })
} catch (error) {
  rmSync(join(root, next), { recursive: true, force: true })
  throw error
}

const bundle = join(root, 'dist', 'cli-bundle')
if (existsSync(bundle)) {
  const fresh = new Set(readdirSync(join(root, next, 'cli-bundle')))
  for (const file of readdirSync(bundle))
    if (
      !fresh.has(file) &&
      /-[A-Z0-9]{8}\.js$/.test(file) &&
      Date.now() - statSync(join(bundle, file)).mtimeMs < DAY_MS
    )
      cpSync(join(bundle, file), join(root, next, 'cli-bundle', file), { preserveTimestamps: true })
}

if (existsSync(join(root, 'dist'))) renameSync(join(root, 'dist'), join(root, old))
renameSync(join(root, next), join(root, 'dist'))
rmSync(join(root, old), { recursive: true, force: true })
