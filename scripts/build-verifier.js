// Bundles the invoice page's verifier (src/emulator/pages/assets/verify-page.ts and the src/fairness
// code it runs) into one minified browser script, dist/browser/verify.js. Part of `npm run build`.
import { build } from 'esbuild'

await build({
  entryPoints: [new URL('../src/emulator/pages/assets/verify-page.ts', import.meta.url).pathname],
  outfile: new URL('../dist/browser/verify.js', import.meta.url).pathname,
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  logLevel: 'warning',
})
