import { describe, it } from 'vitest'
import { FUZZ_SEED, ROUTES, fuzz } from './fuzz-model.js'

/**
 * Property-based fuzzing, the quick pass of every `npm test`: generated bodies, queries
 * and headers on every route of /api/v1, /_emulator and the JSON storefront. Never a 5xx, always a
 * JSON `error` on a 4xx, and a refused request leaves the store as it was. test/stress/fuzz.test.ts
 * runs the same generators many times longer. FUZZ_SEED=<seed> replays a reported failure.
 */
const RUNS_PER_FAMILY = 300

const families = [...new Set(ROUTES.map((r) => r.family))]

describe('fuzzing every route', () => {
  it.each(families)('%s: never a 5xx, a JSON error on every 4xx, nothing changed by a refusal', async (family) => {
    await fuzz(
      ROUTES.filter((r) => r.family === family),
      { numRuns: RUNS_PER_FAMILY, seed: FUZZ_SEED },
    )
  })
})
