import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { RequestRecorder } from '../../../src/emulator/inspector/recorder.js'
import { errorResponse } from '../../../src/emulator/middleware/errors.js'
import { openApiDocuments } from '../../../src/contract/openapi/document.js'
import { withIds, json } from '../../../src/contract/operations/operation.js'
import { pathsOf } from '../../../src/contract/openapi/paths.js'
import { eventMessages } from '../../../src/emulator/routes/control/events.js'
import { mountRoutes, type RouteDeps } from '../../../src/emulator/routes/route.js'
import { testEmulator } from '../../helpers/emulator.js'

const Named = z.strictObject({ name: z.string().min(1) })
const { renameThing: rename } = withIds({
  renameThing: {
    method: 'put',
    path: '/things/{id}',
    summary: 'Rename a thing',
    tag: 'things',
    auth: false,
    params: { id: "The thing's id." },
    query: z.strictObject({ loud: z.enum(['true', 'false']).optional() }),
    body: Named,
    ok: { status: 200, description: 'The thing.', content: json(Named) },
  },
})
const handlers = {
  renameThing: async (
    _c: unknown,
    input: { params: { id: string }; query: { loud?: string }; body(): Promise<{ name: string }> },
  ) => {
    const { name } = await input.body()
    return { id: input.params.id, name: input.query.loud === 'true' ? name.toUpperCase() : name }
  },
}

/** A bare app with the emulator's error mapping and real deps, for one declared route. */
async function appWith(prefix = '') {
  const emu = await testEmulator({ seed: 'empty' })
  const deps: RouteDeps = {
    services: emu.services,
    options: {},
    requests: new RequestRecorder(10, true),
    documents: openApiDocuments(),
    eventMessage: eventMessages(),
  }
  const app = new Hono()
  app.onError((error, c) => errorResponse(error, c, () => {}))
  try {
    return {
      app: mountRoutes(app, handlers as never, deps, prefix, { renameThing: rename }),
      close: () => emu.store.close(),
    }
  } catch (error) {
    await emu.store.close()
    throw error
  }
}

const put = (app: Hono, path: string, body: unknown) =>
  app.request(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('a declared operation', () => {
  it('answers what its handler returns, handed the path parameters, and the query and body as its schemas parse them', async () => {
    const { app, close } = await appWith()
    try {
      const res = await put(app, '/things/t1?loud=true', { name: 'lamp' })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ id: 't1', name: 'LAMP' })
    } finally {
      await close()
    }
  })

  it.each([
    [
      'a query parameter its schema does not take',
      '/things/t1?quiet=1',
      { name: 'lamp' },
      'quiet: is not a known field',
    ],
    [
      'a body its schema refuses',
      '/things/t1',
      { name: '' },
      'name: Too small: expected string to have >=1 characters',
    ],
  ])('refuses %s with 400', async (_what, path, body, error) => {
    const { app, close } = await appWith()
    try {
      const res = await put(app, path, body)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error: string }).error).toBe(error)
    } finally {
      await close()
    }
  })

  it('is mounted below a prefix its path starts with, and nowhere else', async () => {
    const { app, close } = await appWith('/things')
    try {
      expect(await (await put(app, '/t2', { name: 'rug' })).json()).toEqual({ id: 't2', name: 'rug' })
    } finally {
      await close()
    }
    await expect(appWith('/other')).rejects.toThrow('/things/{id} is not under /other')
  })

  it('is refused by the documents when the parameters it describes are not those of its path', () => {
    expect(() => pathsOf([{ ...rename, params: { thing: 'The id.' } }])).toThrow(
      'PUT /things/{id} describes the parameters thing',
    )
    expect(() => pathsOf([rename, rename])).toThrow('PUT /things/{id} is described twice')
  })
})
