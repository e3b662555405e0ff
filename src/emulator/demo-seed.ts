import { fileURLToPath } from 'node:url'
import { loadSeedFile, type SeedFile } from '../contract/seed-file.js'

// Two levels below the package root, in src/emulator/ as in the built CLI's folder under dist/,
// so the same relative path finds the fixtures from both.
const DEMO_SEED_PATH = fileURLToPath(new URL('../../fixtures/demo-shop.json', import.meta.url))

/** The demo shop (`fixtures/demo-shop.json`), checked as any seed file is. */
export function demoSeed(): SeedFile {
  return loadSeedFile(DEMO_SEED_PATH)
}
