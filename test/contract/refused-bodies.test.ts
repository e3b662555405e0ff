// For every operation the documents list with a JSON body: bodies its schema refuses, made from
// the schema, sent to a real emulator over HTTP. Each is answered 400 with a JSON `error`, never a
// 500, a success, or a lookup's 404 ahead of the body's own check.
import { afterAll, describe, expect, it } from 'vitest'
import { type BodyOperation, servedDocuments } from '../helpers/documents.js'
import { TEST_KEY } from '../helpers/emulator.js'
import { refusedBodies } from '../helpers/refused-bodies.js'
import { servedEmulator } from '../helpers/served.js'

const emu = await servedEmulator()
afterAll(() => emu.close())
const docs = await servedDocuments(emu.origin)
// The demo shop has every kind of record but a webhook endpoint: one, so its routes have an id to name.
await emu.request('/_emulator/webhooks', {
  method: 'POST',
  json: { url: 'http://127.0.0.1:9/hook', events: ['order:paid'] },
})

/**
 * A record the path names, so that a route which looks its record up first still reaches the
 * body: the first id the list at the path's prefix answers with (`GET /themes` for
 * `/themes/{themeId}`), the demo shop for `{shop}`, else an id of nothing.
 */
async function pathOf(operation: BodyOperation): Promise<string> {
  let path = operation.template
  for (const [param, name] of path.matchAll(/\{(\w+)\}/g)) {
    const prefix = path.slice(0, path.indexOf(param))
    path = path.replace(param, name === 'shop' ? 'demo' : await firstIdAt(`${operation.server}${prefix.slice(0, -1)}`))
  }
  return path
}

async function firstIdAt(url: string): Promise<string> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${TEST_KEY}` } })
  const list = res.ok ? Object.values((await res.json()) as Record<string, unknown>).find(Array.isArray) : undefined
  const id = (list?.[0] as { id?: unknown } | undefined)?.id
  return typeof id === 'string' ? id : 'no-such-id'
}

async function send(operation: BodyOperation, path: string, body: unknown) {
  const res = await fetch(`${operation.server}${path}`, {
    method: operation.method,
    headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', json, text }
}

describe('bodies an operation refuses', () => {
  it('are sent for every operation with a body the documents list', () => {
    expect(docs.operations.length).toBeGreaterThan(20)
    expect(docs.operations.map((o) => o.label)).toEqual(
      expect.arrayContaining(['POST /api/v1/blacklists', 'PUT /api/v1/themes/{themeId}', 'POST /_emulator/faults']),
    )
  })

  it.each(docs.operations.map((operation) => [operation.label, operation] as const))(
    '%s answers 400 with a JSON error to each',
    async (_, operation) => {
      const bodies = refusedBodies(docs, operation)
      expect(bodies.length).toBeGreaterThan(0)
      const path = await pathOf(operation)
      const wrong: string[] = []
      for (let at = 0; at < bodies.length; at += 8) {
        const batch = bodies.slice(at, at + 8)
        const answers = await Promise.all(batch.map((body) => send(operation, path, body)))
        answers.forEach((answer, i) => {
          const error = (answer.json as { error?: unknown } | undefined)?.error
          if (answer.status !== 400 || !answer.type.startsWith('application/json') || typeof error !== 'string')
            wrong.push(`${JSON.stringify(batch[i]).slice(0, 200)} → ${answer.status} ${answer.text.slice(0, 200)}`)
        })
      }
      expect(wrong).toEqual([])
    },
  )
})
