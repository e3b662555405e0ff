// biome-ignore-all lint/suspicious/noTemplateCurlyInString: fixture steps are written with ${name:path} references
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanups, cli, servedEmulator } from './webhooks-harness.js'

function fixtureFile(value: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-fixtures-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'steps.json')
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value))
  return path
}

async function emulator() {
  const emu = await servedEmulator()
  cleanups.push(() => emu.close())
  const count = async () =>
    ((await (await emu.request('/_emulator/products')).json()) as { products: unknown[] }).products.length
  return { emu, count }
}

const BUY = {
  fixtures: [
    {
      name: 'product',
      request: {
        method: 'POST',
        path: '/api/v1/products',
        body: { name: '${env:NAME}', price: 7, type: 'Service', status: 'Live' },
      },
    },
    {
      name: 'checkout',
      request: {
        method: 'POST',
        path: '/storefront/demo/checkout',
        body: { email: 'ada@example.com', items: [{ productId: '${product:id}', quantity: 2 }] },
      },
    },
    { name: 'pay', request: { method: 'post', path: '/_emulator/orders/${checkout:order.orderNumber}/pay', body: {} } },
    { name: 'read', request: { method: 'GET', path: '/api/v1/orders/${checkout:order.id}' } },
  ],
}

describe('store fixtures run', () => {
  it('sends each step in order, filling in earlier answers and the environment', async () => {
    const { emu } = await emulator()
    const run = await cli([...emu.flags, 'fixtures', 'run', fixtureFile(BUY), '--env', 'NAME'], {
      env: { NAME: 'Fixture Ticket' },
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'))
    expect(lines.map((l) => l.slice(0, 2))).toEqual([
      ['product', 'POST'],
      ['checkout', 'POST'],
      ['pay', 'POST'],
      ['read', 'GET'],
    ])
    expect(lines[2][2]).toMatch(/^\/_emulator\/orders\/ORD-\d+\/pay$/)
    const order = (await (await emu.request(lines[3][2])).json()) as {
      paymentStatus: string
      total: number
      items: { productName: string; quantity: number }[]
    }
    expect(order).toMatchObject({
      paymentStatus: 'paid',
      total: 14,
      items: [{ productName: 'Fixture Ticket', quantity: 2 }],
    })
  })

  it('prints each step with its answer as NDJSON with --json', async () => {
    const { emu } = await emulator()
    const run = await cli([...emu.flags, 'fixtures', 'run', fixtureFile(BUY), '--json', '--env', 'NAME'], {
      env: { NAME: 'Ticket' },
    })
    const steps = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { step: string; answer: { id?: string; name?: string } })
    expect(steps.map((s) => s.step)).toEqual(['product', 'checkout', 'pay', 'read'])
    expect(steps[0].answer.name).toBe('Ticket')
  })

  it('--dry-run checks the file and prints the requests, sending none', async () => {
    const { emu, count } = await emulator()
    const before = await count()
    const run = await cli([...emu.flags, 'fixtures', 'run', fixtureFile(BUY), '--dry-run', '--env', 'NAME'], {
      env: { NAME: 'Ticket' },
    })
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n').slice(0, 2)).toEqual([
      'product  POST /api/v1/products',
      '  {"name":"${env:NAME}","price":7,"type":"Service","status":"Live"}',
    ])
    expect(run.stdout).not.toContain('Ticket')
    expect(run.stdout).toContain('pay  POST /_emulator/orders/${checkout:order.orderNumber}/pay')
    expect(await count()).toBe(before)
  })

  it('stops at the first failure, naming the step and the answer, and runs nothing after it', async () => {
    const { emu, count } = await emulator()
    const before = await count()
    const steps = {
      fixtures: [
        BUY.fixtures[0],
        { name: 'missing', request: { method: 'GET', path: '/api/v1/orders/ORD-999' } },
        {
          name: 'never',
          request: { method: 'POST', path: '/api/v1/products', body: { name: 'X', price: 1, type: 'Service' } },
        },
      ],
    }
    const run = await cli([...emu.flags, 'fixtures', 'run', fixtureFile(steps), '--env', 'NAME'], {
      env: { NAME: 'Once' },
    })
    expect(run.code).toBe(5)
    expect(run.stderr).toBe('error: step "missing" (GET /api/v1/orders/ORD-999) failed: 404 order not found: ORD-999\n')
    expect(run.stdout.trim().split('\n')).toHaveLength(1)
    expect(await count()).toBe(before + 1)
  })

  it.each([
    [
      'a reference to a later step',
      [
        { name: 'pay', request: { method: 'POST', path: '/_emulator/orders/${checkout:order.id}/pay' } },
        { name: 'checkout', request: { method: 'GET', path: '/api/v1/orders' } },
      ],
      'error: step "pay": ${checkout:order.id} refers to the later step "checkout"; a step can only use the answers of the steps before it',
    ],
    [
      'a reference to no step',
      [{ name: 'a', request: { method: 'GET', path: '/api/v1/orders/${order:id}' } }],
      'error: step "a": ${order:id} refers to no step of this file (its steps: product, a)',
    ],
    [
      'an unset variable',
      [{ name: 'a', request: { method: 'GET', path: '/api/v1/orders/${env:NO_SUCH_VAR}' } }],
      'error: step "a": ${env:NO_SUCH_VAR} reads the environment variable NO_SUCH_VAR, which is not set',
    ],
    [
      'a path outside the emulator',
      [{ name: 'a', request: { method: 'GET', path: '/admin' } }],
      'error: invalid fixture file',
    ],
    [
      'the same name twice',
      [
        { name: 'a', request: { method: 'GET', path: '/api/v1/orders' } },
        { name: 'a', request: { method: 'GET', path: '/api/v1/orders' } },
      ],
      'error: step "a": the name is used twice; give each step a name of its own',
    ],
  ])('refuses %s with a usage error before sending anything', async (_what, fixtures, message) => {
    const { emu, count } = await emulator()
    const before = await count()
    const file = fixtureFile({ fixtures: [BUY.fixtures[0], ...fixtures] })
    const run = await cli([...emu.flags, 'fixtures', 'run', file, '--env', 'NAME', '--env', 'NO_SUCH_VAR'], {
      env: { NAME: 'Never' },
    })
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0]).toContain(message)
    expect(run.stdout).toBe('')
    expect(await count()).toBe(before)
  })

  it('refuses a file that is not JSON with a usage error', async () => {
    const { emu } = await emulator()
    const file = fixtureFile('{"fixtures": [')
    const run = await cli([...emu.flags, 'fixtures', 'run', file])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^error: .*steps\.json is not valid JSON/)
  })
})

const EXPECTING = {
  fixtures: [
    {
      name: 'product',
      request: { method: 'POST', path: '/api/v1/products', body: { name: 'Lamp', price: 7, type: 'Service' } },
      expect: {
        status: [200, 201],
        body: { name: 'Lamp', price: 7, id: '${any:string}', createdAt: '${any:timestamp}' },
      },
    },
    {
      name: 'read',
      request: { method: 'GET', path: '/api/v1/products/${product:id}' },
      expect: { body: { id: '${product:id}', productId: '${product:productId}' } },
    },
    {
      name: 'missing',
      request: { method: 'GET', path: '/api/v1/products/prod_nothing' },
      expect: { status: 404, body: { error: '${any:string}' } },
    },
  ],
}

describe('store fixtures run, expectations', () => {
  it('runs a file whose steps answer as they expect, a refusal included', async () => {
    const { emu } = await emulator()
    const run = await cli([...emu.flags, 'fixtures', 'run', fixtureFile(EXPECTING), '--json'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const steps = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { step: string; status: number; answer: unknown })
    expect(steps.map((s) => [s.step, s.status])).toEqual([
      ['product', 201],
      ['read', 200],
      ['missing', 404],
    ])
    expect(steps[2].answer).toEqual({ error: 'product not found: prod_nothing' })
  })

  it.each([
    [
      'a status',
      { status: 200 },
      'error: step "product" (POST /api/v1/products) did not answer as expected: status: (status): expected 200, got 201',
    ],
    [
      'a value',
      { body: { price: 8 } },
      'error: step "product" (POST /api/v1/products) did not answer as expected: value: price: expected 8, got 7',
    ],
    [
      'a field',
      { body: { title: '${any}', name: '${any:number}' } },
      'error: step "product" (POST /api/v1/products) did not answer as expected: missing field: title: expected a value, got nothing (and 1 more)\n  title: missing field: expected a value, got nothing\n  name: type: expected number, got string',
    ],
  ])(
    'stops at an unmet expectation of %s with exit 1, naming the step, what was expected and what came',
    async (_what, expected, message) => {
      const { emu, count } = await emulator()
      const before = await count()
      const steps = { fixtures: [{ ...EXPECTING.fixtures[0], expect: expected }, ...EXPECTING.fixtures.slice(1)] }
      const run = await cli([...emu.flags, 'fixtures', 'run', fixtureFile(steps)])
      expect(run.code).toBe(1)
      expect(run.stderr.trim()).toBe(message)
      expect(run.stdout).toBe('')
      expect(await count()).toBe(before + 1)
    },
  )

  it('fails a step whose answer is a refusal it does not expect, with the exit code of that answer', async () => {
    const { emu } = await emulator()
    const steps = { fixtures: [{ ...EXPECTING.fixtures[2], expect: { status: 200 } }] }
    const run = await cli([...emu.flags, 'fixtures', 'run', fixtureFile(steps)])
    expect(run.code).toBe(5)
    expect(run.stderr).toBe(
      'error: step "missing" (GET /api/v1/products/prod_nothing) failed: 404 product not found: prod_nothing\n',
    )
  })

  it('refuses a matcher of no kind before sending anything', async () => {
    const { emu, count } = await emulator()
    const before = await count()
    const steps = { fixtures: [{ ...EXPECTING.fixtures[0], expect: { body: { name: '${any:text}' } } }] }
    const run = await cli([...emu.flags, 'fixtures', 'run', fixtureFile(steps)])
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0]).toBe(
      'error: step "product": ${any:text} names no kind: use ${any} or ${any:KIND} with KIND one of string, number, boolean, null, array, object, timestamp',
    )
    expect(await count()).toBe(before)
  })
})

describe('store fixtures run, the environment', () => {
  const SENDS = (variable: string) => ({
    fixtures: [
      {
        name: 'hook',
        request: {
          method: 'POST',
          path: '/_emulator/webhooks',
          body: { url: `https://collector.example.com/\${env:${variable}}`, events: ['order:paid'] },
        },
      },
    ],
  })

  it('reads no variable that was not named with --env and does not start with STORE_; nothing is sent', async () => {
    const { emu } = await emulator()
    const hooks = async () =>
      ((await (await emu.request('/_emulator/webhooks')).json()) as { webhooks: unknown[] }).webhooks.length
    const before = await hooks()
    const run = await cli([...emu.flags, 'fixtures', 'run', fixtureFile(SENDS('AWS_SECRET_ACCESS_KEY'))], {
      env: { AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI' },
    })
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0]).toBe(
      'error: step "hook": ${env:AWS_SECRET_ACCESS_KEY} reads the environment variable AWS_SECRET_ACCESS_KEY, which this run may not read: allow it with --env AWS_SECRET_ACCESS_KEY (variables starting with STORE_ are readable without it, except the keys STORE_API_KEY and STORE_ADMIN_KEY)',
    )
    expect(run.stderr).not.toContain('wJalrXUtnFEMI')
    expect(await hooks()).toBe(before)
  })

  it('reads no key (STORE_API_KEY, STORE_ADMIN_KEY) unless it is named with --env', async () => {
    const { emu } = await emulator()
    const run = await cli([...emu.flags, 'fixtures', 'run', fixtureFile(SENDS('STORE_API_KEY'))], {
      env: { STORE_API_KEY: 'sk_live_thekeyofthisshop0000000000' },
    })
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0]).toContain(
      '${env:STORE_API_KEY} reads the environment variable STORE_API_KEY, which this run may not read',
    )
  })

  it('reads STORE_ variables and those named with --env; --dry-run prints the reference, not the value', async () => {
    const { emu } = await emulator()
    const open = await cli([...emu.flags, 'fixtures', 'run', fixtureFile(SENDS('STORE_HOOK_PATH')), '--json'], {
      env: { STORE_HOOK_PATH: 'orders' },
    })
    expect(open.code).toBe(0)
    expect(JSON.parse(open.stdout).answer.url).toBe('https://collector.example.com/orders')
    const named = await cli(
      [...emu.flags, 'fixtures', 'run', fixtureFile(SENDS('HOOK_PATH')), '--env', 'HOOK_PATH', '--dry-run'],
      {
        env: { HOOK_PATH: 'private-value' },
      },
    )
    expect(named.code).toBe(0)
    expect(named.stdout).toContain('https://collector.example.com/${env:HOOK_PATH}')
    expect(named.stdout).not.toContain('private-value')
  })
})
