import { fileURLToPath } from 'node:url'

// Two levels below the package root, in src/cli/ as in the built CLI's folder under dist/, so the
// same relative paths find the shipped files from both.
/** The demo shop `store serve --seed demo` starts from. */
export const DEMO_SEED_PATH = fileURLToPath(new URL('../../fixtures/demo-shop.json', import.meta.url))
/** The fixture files `store webhooks trigger KIND` runs: one per kind, `:` as `.` (fixtures/triggers/). */
export const TRIGGER_FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/triggers/', import.meta.url))
