// Bundles the code that runs in the browser, src/browser/*.ts and *.css, into dist/browser/: each
// script one minified file that keeps no globals of its own (the invoice verifier with the
// src/fairness code it runs), each stylesheet minified. The emulator serves them from there.
// Part of `npm run build`.
import { build } from 'esbuild'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const src = new URL('../src/browser/', import.meta.url)

await build({
  entryPoints: readdirSync(src)
    .filter((file) => /\.(ts|css)$/.test(file))
    .map((file) => new URL(file, src).pathname),
  // `npm run build` builds into a folder of its own and swaps it into place (scripts/build.js).
  outdir: join(fileURLToPath(new URL('..', import.meta.url)), process.env.STORE_DIST ?? 'dist', 'browser'),
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  logLevel: 'warning',
})
