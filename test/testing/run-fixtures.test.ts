// biome-ignore-all lint/suspicious/noTemplateCurlyInString: fixture steps are written with ${name:path} references
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StoreError } from '../../src/contract/store-error.js'
import {
  createTestAccount,
  FixtureFileError,
  FixtureStepError,
  runFixtures,
  startTestEmulator,
  type TestEmulator,
} from '../../src/testing/index.js'

let emulator: TestEmulator
let dir: string
beforeAll(async () => {
  emulator = await startTestEmulator()
  dir = mkdtempSync(join(tmpdir(), 'store-run-fixtures-'))
})
afterAll(async () => {
  await emulator.stop()
  rmSync(dir, { recursive: true, force: true })
})

const account = (seed?: Record<string, unknown>) =>
  createTestAccount({ baseUrl: emulator.baseUrl, key: emulator.key, seed })

const SEED = {
  products: [{ id: 'prod_lamp', name: 'Lamp', type: 'Service', price: 9, status: 'Live' }],
}

const STEPS = {
  fixtures: [
    {
      name: 'read',
      request: { method: 'GET', path: '/api/v1/products/prod_lamp' },
      expect: { status: 200, body: { name: 'Lamp', price: '${any:number}' } },
    },
    {
      name: 'rename',
      request: { method: 'PUT', path: '/api/v1/products/${read:id}', body: { name: '${env:LAMP_NAME}' } },
      expect: { body: { id: '${read:id}', name: 'Desk lamp' } },
    },
    {
      name: 'missing',
      request: { method: 'GET', path: '/api/v1/products/prod_none' },
      expect: { status: [404, 410] },
    },
  ],
}

describe('runFixtures (online-store-cli/testing)', () => {
  it("resolves to each step's answer and status, in order, on a seeded account", async () => {
    const { client, remove } = await account(SEED)
    const steps = await runFixtures(client, STEPS, { env: { LAMP_NAME: 'Desk lamp' } })
    expect(steps.map((s) => [s.name, s.status])).toEqual([
      ['read', 200],
      ['rename', 200],
      ['missing', 404],
    ])
    expect(steps[1].answer).toMatchObject({ id: 'prod_lamp', name: 'Desk lamp' })
    expect(steps[2].answer).toEqual({ error: 'product not found: prod_none' })
    await remove()
  })

  it('reads a file by its path, relative to the working directory', async () => {
    const { client, remove } = await account(SEED)
    const path = join(dir, 'read.json')
    writeFileSync(path, JSON.stringify({ fixtures: [STEPS.fixtures[0]] }))
    const steps = await runFixtures(client, relative(process.cwd(), path))
    expect(steps.map((s) => s.answer)).toMatchObject([{ id: 'prod_lamp', name: 'Lamp' }])
    await remove()
  })

  it('rejects at the first unmet expectation, naming the step, the field, what was expected and what came', async () => {
    const { client, remove } = await account(SEED)
    const failing = await runFixtures(client, STEPS, { env: { LAMP_NAME: 'Floor lamp' } }).catch((e: unknown) => e)
    expect(failing).toBeInstanceOf(FixtureStepError)
    expect((failing as FixtureStepError).message).toBe(
      'step "rename" (PUT /api/v1/products/prod_lamp) did not answer as expected: value: name: expected "Desk lamp", got "Floor lamp"',
    )
    expect((failing as FixtureStepError).unmet).toEqual([
      { kind: 'value', field: 'name', expected: '"Desk lamp"', got: '"Floor lamp"' },
    ])
    await remove()
  })

  it('rejects with the StoreError of a refusal the step does not expect', async () => {
    const { client, remove } = await account()
    const failing = await runFixtures(client, { fixtures: [STEPS.fixtures[0]] }).catch((e: unknown) => e)
    expect(failing).toBeInstanceOf(StoreError)
    expect((failing as StoreError).status).toBe(404)
    await remove()
  })

  it('reads no variable of the environment that was not given and does not start with STORE_', async () => {
    const { client, remove } = await account(SEED)
    process.env.LAMP_NAME = 'from the environment'
    try {
      const failing = await runFixtures(client, STEPS).catch((e: unknown) => e)
      expect(failing).toBeInstanceOf(FixtureFileError)
      expect((failing as Error).message).toMatch(
        /^step "rename": \$\{env:LAMP_NAME\} reads the environment variable LAMP_NAME, which this run may not read/,
      )
    } finally {
      delete process.env.LAMP_NAME
    }
    await remove()
  })

  it('refuses what is not a fixtures file before sending anything', async () => {
    const { client, remove } = await account()
    await expect(
      runFixtures(client, { fixtures: [{ name: 'x', request: { method: 'GET', path: '/admin' } }] }),
    ).rejects.toThrow(
      /^runFixtures: the fixtures given is not a fixtures file: fixtures\.0\.request\.path: must start with/,
    )
    await remove()
  })
})
