import { describe, expect, it } from 'vitest'
import { ThemeListSchema, ThemeSchema } from '../../../src/contract/themes.js'
import { ErrorBodySchema } from '../../../src/contract/errors.js'
import { DEFAULT_THEME_CONFIG } from '../../../src/emulator/services/themes/rules.js'
import { testEmulator } from '../../helpers/emulator.js'

const NOW = '2026-06-01T12:00:00.000Z'
const SUMMARY = {
  id: 'default',
  name: 'Default',
  owner: 'service',
  version: '1.0.0',
  isActive: true,
  shopSlug: 'demo',
  updatedAt: NOW,
}
const bundle = (config: object, css = '') => ({
  ...SUMMARY,
  config,
  files: { 'theme.json': JSON.stringify(config, null, 2), 'custom.css': css },
})

async function fieldError(res: Response, status: number, field: string, message: string) {
  expect(res.status).toBe(status)
  expect(ErrorBodySchema.parse(await res.json())).toEqual({
    error: `${field}: ${message}`,
    errors: [{ field, message }],
  })
}

describe('/api/v1/themes', () => {
  it("lists the shop's themes with the active one", async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/themes')
    expect(res.status).toBe(200)
    expect(ThemeListSchema.parse(await res.json())).toEqual({ activeThemeId: 'default', themes: [SUMMARY] })
  })

  it('reads the full bundle: config, and the files as text', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/themes/default')
    expect(res.status).toBe(200)
    expect(ThemeSchema.parse(await res.json())).toEqual(bundle(DEFAULT_THEME_CONFIG))
  })

  it('answers 404 for an unknown theme on read and update', async () => {
    const emu = await testEmulator()
    for (const init of [{}, { method: 'PUT', json: { config: {} } }]) {
      const res = await emu.request('/api/v1/themes/neon', init)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'theme not found: neon' })
    }
  })

  it('replaces the config, normalised over the defaults, and keeps the css', async () => {
    const emu = await testEmulator()
    await emu.request('/api/v1/themes/default', {
      method: 'PUT',
      json: { files: { 'custom.css': 'body { color: red }' } },
    })
    const res = await emu.request('/api/v1/themes/default', {
      method: 'PUT',
      json: { config: { colors: { primary: '#000000' }, hero: { title: 'Hi' } } },
    })
    expect(res.status).toBe(200)
    const config = {
      ...DEFAULT_THEME_CONFIG,
      colors: { ...DEFAULT_THEME_CONFIG.colors, primary: '#000000' },
      hero: { title: 'Hi' },
    }
    const expected = bundle(config, 'body { color: red }')
    expect(ThemeSchema.parse(await res.json())).toEqual(expected)
    expect(await (await emu.request('/api/v1/themes/default')).json()).toEqual(expected)
  })

  it('takes files["theme.json"] as the config and files["custom.css"] as the stylesheet', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/themes/default', {
      method: 'PUT',
      json: {
        files: { 'theme.json': { layout: { productColumns: 4 } }, 'custom.css': '.card { border-radius: 8px }' },
      },
    })
    expect(res.status).toBe(200)
    const config = { ...DEFAULT_THEME_CONFIG, layout: { ...DEFAULT_THEME_CONFIG.layout, productColumns: 4 } }
    expect(ThemeSchema.parse(await res.json())).toEqual(bundle(config, '.card { border-radius: 8px }'))
  })

  it('takes config and files["theme.json"] together, config winning where both set a field', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/themes/default', {
      method: 'PUT',
      json: {
        config: { colors: { primary: '#ff0000' } },
        files: { 'theme.json': { colors: { primary: '#00ff00', accent: '#0000ff' }, layout: { productColumns: 2 } } },
      },
    })
    expect(res.status).toBe(200)
    const config = {
      ...DEFAULT_THEME_CONFIG,
      colors: { ...DEFAULT_THEME_CONFIG.colors, primary: '#ff0000', accent: '#0000ff' },
      layout: { ...DEFAULT_THEME_CONFIG.layout, productColumns: 2 },
    }
    expect(ThemeSchema.parse(await res.json())).toEqual(bundle(config))
  })

  it('moves updatedAt on update', async () => {
    const emu = await testEmulator()
    ;(emu.deps.clock as unknown as { tick(ms: number): void }).tick(60_000)
    const res = ThemeSchema.parse(
      await (
        await emu.request('/api/v1/themes/default', { method: 'PUT', json: { files: { 'custom.css': '' } } })
      ).json(),
    )
    expect(res.updatedAt).toBe('2026-06-01T12:01:00.000Z')
    expect(ThemeListSchema.parse(await (await emu.request('/api/v1/themes')).json()).themes[0].updatedAt).toBe(
      '2026-06-01T12:01:00.000Z',
    )
  })

  it.each([
    [{}, 'config', 'send config and/or files'],
    [{ config: 'dark' }, 'config', 'must be an object (got string)'],
    [{ config: { colors: 'red' } }, 'config.colors', 'must be an object (got string)'],
    [{ files: { 'theme.json': { layout: [] } } }, 'files.theme.json.layout', 'must be an object (got array)'],
    [
      { config: {}, files: { 'theme.json': { colors: 1 } } },
      'files.theme.json.colors',
      'must be an object (got number)',
    ],
    [{ files: { 'theme.json': '{}' } }, 'files.theme.json', 'must be an object (got string)'],
    [{ files: { 'custom.css': 1 } }, 'files.custom.css', 'must be a string (got number)'],
    [{ files: { 'custom.css': 'x'.repeat(200_001) } }, 'files.custom.css', 'must be at most 200000 characters'],
    [{ files: { 'index.html': '<p>' } }, 'files.index.html', 'is not a known field'],
    [{ config: {}, name: 'Neon' }, 'name', 'is not a known field'],
  ])('refuses the body %j with 400 and changes nothing', async (json, field, message) => {
    const emu = await testEmulator()
    const before = JSON.stringify(emu.store.snapshot())
    await fieldError(await emu.request('/api/v1/themes/default', { method: 'PUT', json }), 400, field, message)
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
  })

  it('follows the shop selected with X-Service-Shop', async () => {
    const emu = await testEmulator()
    // A later millisecond: shops created in the seed's millisecond may sort before it as "oldest" (see shop-scoping.test.ts).
    ;(emu.deps.clock as unknown as { tick(ms: number): void }).tick(1)
    await emu.request('/_emulator/shops', { method: 'POST', json: { name: 'Second', slug: 'second' } })
    const headers = { 'x-service-shop': 'second' }
    await emu.request('/api/v1/themes/default', { method: 'PUT', headers, json: { files: { 'custom.css': 'h1 {}' } } })
    expect(ThemeListSchema.parse(await (await emu.request('/api/v1/themes', { headers })).json())).toEqual({
      activeThemeId: 'default',
      themes: [{ ...SUMMARY, shopSlug: 'second', updatedAt: '2026-06-01T12:00:00.001Z' }],
    })
    expect(
      ThemeSchema.parse(await (await emu.request('/api/v1/themes/default', { headers })).json()).files['custom.css'],
    ).toBe('h1 {}')
    expect(ThemeSchema.parse(await (await emu.request('/api/v1/themes/default')).json()).files['custom.css']).toBe('')
  })
})
