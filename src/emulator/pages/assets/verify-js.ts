// The invoice page's verifier script, bundled from verify-page.ts and src/fairness by `npm run build`.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// src/ and dist/ sit side by side at the package root, so this resolves from either.
const BUNDLE = new URL('../../../../dist/browser/verify.js', import.meta.url)

/**
 * The verifier's source, read when the app is built.
 * @throws Error naming the missing file and `npm run build` when the bundle was not built
 */
export function readVerifierScript(bundle: URL = BUNDLE): string {
  try {
    return readFileSync(bundle, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    throw new Error(
      `the invoice verifier script ${fileURLToPath(bundle)} is missing: run \`npm run build\` to bundle it`,
    )
  }
}
