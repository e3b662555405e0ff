// The scripts and stylesheets the pages load, bundled from src/browser by `npm run build`.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// src/ and dist/ sit side by side at the package root, so this resolves from either.
const BUNDLES = new URL('../../../dist/browser/', import.meta.url)

/**
 * One bundle (`pages.js`, `embed.css`, …), read when the app is built.
 * @throws Error naming the missing file and `npm run build` when the bundles were not built
 */
export function readBrowserAsset(file: string, dir: URL = BUNDLES): string {
  const bundle = new URL(file, dir)
  try {
    return readFileSync(bundle, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    throw new Error(`the browser bundle ${fileURLToPath(bundle)} is missing: run \`npm run build\` to bundle it`)
  }
}
