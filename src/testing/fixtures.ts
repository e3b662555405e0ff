// `runFixtures(client, fileOrObject)`: a fixtures file (`store fixtures run`, `store fixtures
// from-har`) run from a test, with the rules of the CLI: each step's `expect` held, `${env:NAME}`
// reading only the names given and those starting with STORE_.
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { StoreClient } from '../client/index.js'
import { type FixtureFile, FixtureFileSchema } from '../contract/fixtures.js'
import { fixtureEnv } from '../fixtures/env.js'
import { runFixtures as run, type StepResult } from '../fixtures/run.js'

export type { StepResult } from '../fixtures/run.js'
export { FixtureFileError, FixtureStepError, type UnmetExpectation } from '../fixtures/errors.js'

export interface RunFixturesOptions {
  /** Variables `${env:NAME}` may read besides the environment's `STORE_…` ones (the keys excepted). */
  env?: Record<string, string>
  /** Told of each step once it answered as expected. */
  onStep?: (result: StepResult) => void
}

/**
 * Runs a fixtures file (a path, relative to the working directory, or its content) with `client`
 * and resolves to each step's result (`name`, `method`, `path`, `status`, `answer`), in order.
 * Rejects at the first step whose answer its `expect` does not allow (`FixtureStepError`, naming
 * the step, the field, what was expected and what came), at a refusal the step does not expect
 * (`StoreError`), or before sending anything when the file is not one (`FixtureFileError`).
 * @example const steps = await runFixtures(client, 'session.fixtures.json')
 */
export async function runFixtures(
  client: StoreClient,
  fixtures: string | Record<string, unknown>,
  o: RunFixturesOptions = {},
): Promise<StepResult[]> {
  const from = typeof fixtures === 'string' ? fixtures : 'the fixtures given'
  let value: unknown = fixtures
  if (typeof fixtures === 'string') {
    try {
      value = JSON.parse(await readFile(resolve(fixtures), 'utf8'))
    } catch (error) {
      throw new Error(`runFixtures: cannot read ${from} as JSON (${(error as Error).message})`)
    }
  }
  const parsed = FixtureFileSchema.safeParse(value)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    throw new Error(
      `runFixtures: ${from} is not a fixtures file: ${issue.path.join('.') || '(file)'}: ${issue.message}`,
    )
  }
  const file: FixtureFile = parsed.data
  const env = fixtureEnv({ ...process.env, ...o.env }, Object.keys(o.env ?? {}))
  return run(client, file, { env, onStep: o.onStep })
}
