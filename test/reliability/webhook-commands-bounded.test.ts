import { afterEach, describe, expect, it, vi } from 'vitest'
import { WEBHOOK_EVENT_KINDS } from '../../src/contract/event-kinds.js'
import { cleanups, cli, receiver, runCli, servedEmulator } from '../cli/webhooks-harness.js'
import { type MisbehavingReceiver, misbehavingReceiver } from './helpers.js'

/**
 * The webhook commands under a receiver or a sender that misbehaves: a target of `listen
 * --forward-to` that never answers delays no other target; `probe` ends within its --timeout
 * against a receiver that never answers; `receive` answers a body nested 100,000 levels with a 400.
 */

const receivers: MisbehavingReceiver[] = []
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()))
})

describe('store webhooks listen --forward-to with several targets', () => {
  it('forwards to the answering target while the other never answers', async () => {
    const dead = await misbehavingReceiver(() => ({ kind: 'hang' }))
    receivers.push(dead)
    const alive = await receiver()
    const emu = await servedEmulator()
    cleanups.push(() => emu.close())
    const run = runCli(['webhooks', 'listen', '--forward-to', dead.url, '--forward-to', alive.url, ...emu.flags], {
      readyText: 'Ready!',
    })
    cleanups.push(() => run.signal())
    await run.started
    const started = performance.now()
    for (const name of ['one', 'two', 'three']) {
      const created = await emu.request('/api/v1/products', {
        method: 'POST',
        json: { name, type: 'Service', price: 1 },
      })
      expect(created.status).toBe(201)
    }
    await alive.waitFor(3, 5_000)
    await vi.waitFor(() => expect(run.output().stdout.match(new RegExp(`→ ${alive.url} 200`, 'g'))).toHaveLength(3), {
      timeout: 5_000,
    })
    // Without a queue per target, each event waited for the dead target's 15 s timeout first.
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(alive.requests.map((r) => (r.json() as { data: { title: string } }).data.title)).toEqual([
      'one',
      'two',
      'three',
    ])
    // The dead target got the first event only: its next POST waits for the first to settle.
    expect(dead.exchanges).toHaveLength(1)
    run.signal()
    expect((await run.done).code).toBe(0)
  })
})

describe('store webhooks probe', () => {
  it('ends within --timeout against a receiver that never answers, each probe not sent said so', async () => {
    const dead = await misbehavingReceiver(() => ({ kind: 'hang' }))
    receivers.push(dead)
    const started = performance.now()
    const run = await cli(['webhooks', 'probe', dead.url, '--timeout', '2s', '--json'])
    const ms = performance.now() - started
    expect(run.code).toBe(1)
    expect(ms).toBeLessThan(10_000)
    const { results } = JSON.parse(run.stdout) as { results: { status: number | null; error: string }[] }
    expect(results).toHaveLength(WEBHOOK_EVENT_KINDS.length + 5)
    expect(results[0]).toMatchObject({ status: null, error: expect.stringMatching(/^timed out after [\d.]+ s$/) })
    expect(results.at(-1)).toMatchObject({
      status: null,
      error: "not sent: the probe's 2s were used up (--timeout)",
    })
    expect(dead.exchanges).toHaveLength(1)
  })

  it('refuses a --timeout that is not a duration with exit 2', async () => {
    const run = await cli(['webhooks', 'probe', 'http://127.0.0.1:1/hooks', '--timeout', 'soon'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('"soon" is not a duration')
  })
})

describe('store webhooks receive --json', () => {
  it('answers 400 to a body nested 100,000 levels deep and goes on receiving', async () => {
    const run = runCli(['webhooks', 'receive', '--port', '0', '--json'], { readyText: 'Listening on' })
    cleanups.push(() => run.signal())
    await run.started
    const url = /Listening on (\S+)/.exec(run.output().stderr)![1]
    const deep = await fetch(`${url}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Service-Webhook/1.0' },
      body: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    })
    expect(deep.status).toBe(400)
    expect(await deep.json()).toEqual({
      error: 'body is JSON nested more than 64 levels deep; no webhook payload is',
    })
    const next = await fetch(`${url}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Service-Webhook/1.0' },
      body: '{"event":"order:teleported"}',
    })
    expect(next.status).toBe(200)
    run.signal()
    const { code, stdout } = await run.done
    expect(code).toBe(0)
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { valid: boolean; problems: string[] })
    expect(lines[0]).toMatchObject({
      valid: false,
      problems: ['body is JSON nested more than 64 levels deep; no webhook payload is'],
    })
    expect(lines).toHaveLength(2)
  })
})
