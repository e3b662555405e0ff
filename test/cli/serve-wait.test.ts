// The handler `store serve` answers with while its db loads: requests wait, bounded.
import { describe, expect, it } from 'vitest'
import { waitForLoad } from '../../src/cli/commands/serve.js'

type Handle = (request: Request, env: unknown) => Response | Promise<Response>

function deferred() {
  let settle: { resolve(app: Handle): void; reject(error: Error): void } | undefined
  const promise = new Promise<Handle>((resolve, reject) => (settle = { resolve, reject }))
  return { promise, ...settle! }
}

const ask = (handle: Handle) => Promise.resolve(handle(new Request('http://127.0.0.1/_emulator/health'), {}))

describe('waitForLoad', () => {
  it('holds a request until the app is loaded, then gives its real answer', async () => {
    const load = deferred()
    const answer = ask(waitForLoad(load.promise, 60_000))
    let isAnswered = false
    void answer.then(() => (isAnswered = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(isAnswered).toBe(false)
    load.resolve(() => Response.json({ status: 'ok' }))
    const res = await answer
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  it('answers 503 saying the db is still loading once the wait is over, and 503 naming why a start failed', async () => {
    const late = await ask(waitForLoad(deferred().promise, 10))
    expect(late.status).toBe(503)
    expect(await late.json()).toEqual({
      error: 'the emulator is still loading its db after 0.01 s; try again in a moment',
    })
    const failing = deferred()
    const answer = ask(waitForLoad(failing.promise, 60_000))
    failing.reject(new Error('./store.json is locked by another store serve (pid 42)'))
    const refused = await answer
    expect(refused.status).toBe(503)
    expect(await refused.json()).toEqual({
      error: 'the emulator did not start: ./store.json is locked by another store serve (pid 42)',
    })
  })
})
