import { describe, expect, it } from 'vitest'
import { createControlDocument } from '../../src/contract/openapi/document.js'
import { testEmulator } from '../helpers/emulator.js'

describe('GET /_emulator/health', () => {
  it('answers 200 {"status":"ok"} without a key, and is declared public in the control document', async () => {
    const emu = await testEmulator()
    const res = await emu.app.request('http://127.0.0.1/_emulator/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
    const operation = createControlDocument().paths?.['/_emulator/health']?.get
    expect(operation).toMatchObject({ operationId: 'getHealth', security: [] })
    await emu.stop()
  })
})
