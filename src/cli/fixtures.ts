import { fileURLToPath } from 'node:url'

// Two levels below the package root, in src/cli/ as in the built CLI's folder under dist/, so the
// same relative path finds the fixtures from both.
/** The demo shop `store serve --seed demo` starts from. */
export const DEMO_SEED_PATH = fileURLToPath(new URL('../../fixtures/demo-shop.json', import.meta.url))
