// Bundles the code that runs in the browser, src/browser/*.ts and *.css, into dist/browser/: each
// script one minified file that keeps no globals of its own (the invoice verifier with the
// src/fairness code it runs), each stylesheet minified. The emulator serves them from there.
// Swagger UI's two files (a dev dependency) are copied beside them with their licence, so the
// package ships 1.9 MB of it instead of depending on swagger-ui-dist (12 MB and an install-time
// script). Part of `npm run build`.
import { build } from 'esbuild'
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
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

const swagger = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
const swaggerOut = join(
  fileURLToPath(new URL('..', import.meta.url)),
  process.env.STORE_DIST ?? 'dist',
  'browser',
  'swagger-ui',
)
mkdirSync(swaggerOut, { recursive: true })
for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'swagger-ui-bundle.js.LICENSE.txt', 'LICENSE', 'NOTICE'])
  copyFileSync(join(swagger, file), join(swaggerOut, file))
const { version } = JSON.parse(readFileSync(join(swagger, 'package.json'), 'utf8'))
writeFileSync(join(swaggerOut, 'version.json'), `${JSON.stringify({ version })}\n`)
