import { describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../../src/contract/operations/index.js'
import { API_HANDLERS } from '../../../src/emulator/routes/api.js'
import { accountHandlers } from '../../../src/emulator/routes/control/accounts.js'
import { CONTROL_HANDLERS } from '../../../src/emulator/routes/control/index.js'
import { healthHandlers } from '../../../src/emulator/routes/control/health.js'
import { documentHandlers } from '../../../src/emulator/routes/openapi.js'
import { PAGE_HANDLERS } from '../../../src/emulator/routes/pages/index.js'
import { storefrontHandlers } from '../../../src/emulator/routes/storefront/index.js'

/** Every table of handlers the app mounts. */
const TABLES = [
  API_HANDLERS,
  CONTROL_HANDLERS,
  accountHandlers,
  healthHandlers,
  storefrontHandlers,
  PAGE_HANDLERS,
  documentHandlers,
]

describe('the handlers', () => {
  it('are bound one to each operation of the contract, and to nothing else', () => {
    const bound = TABLES.flatMap((table) => Object.keys(table))
    expect(bound.length).toBe(new Set(bound).size)
    expect(bound.filter((id) => !(id in OPERATIONS))).toEqual([])
    expect(Object.keys(OPERATIONS).filter((id) => !bound.includes(id))).toEqual([])
  })
})
