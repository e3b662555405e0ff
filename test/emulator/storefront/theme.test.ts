import { describe, expect, it } from 'vitest'
import { testEmulator } from '../../helpers/emulator.js'

const page = async (emu: Awaited<ReturnType<typeof testEmulator>>, path: string) =>
  (await emu.app.request(`/storefront/demo${path}`)).text()

describe('storefront theme', () => {
  it('renders the active theme: colours, columns, announcement, footer, search and custom.css', async () => {
    const emu = await testEmulator()
    const put = await emu.request('/api/v1/themes/default', {
      method: 'PUT',
      json: {
        config: {
          colors: { primary: '#ff0066', background: 'red; } body { display: none', accent: 'rgb(10, 20, 30)' },
          layout: { productColumns: 4, showSearch: false },
          components: {
            announcementBar: { enabled: true, text: 'Summer <b>sale</b>' },
            footer: { text: 'Made in Lisbon' },
          },
        },
        files: { 'custom.css': '.card { border-radius: 0 } </style><script>alert(1)</script>' },
      },
    })
    expect(put.status).toBe(200)

    for (const path of ['', '/p/rec_demoService01', '/checkout?product=rec_demoService01']) {
      const html = await page(emu, path)
      expect(html).toMatch(/<link rel="stylesheet" href="\/storefront\/demo\/theme\.css\?v=[^"]+"\/?>/)
      expect(html).toContain(
        '<aside class="announcement" aria-label="Announcement">Summer &lt;b&gt;sale&lt;/b&gt;</aside>',
      )
      expect(html).toContain('Made in Lisbon')
      expect(html).not.toContain('<script>alert(1)</script>')
    }
    expect(await page(emu, '')).not.toContain('class="search"')

    const css = await emu.app.request('/storefront/demo/theme.css')
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(css.headers.get('x-content-type-options')).toBe('nosniff')
    const text = await css.text()
    expect(text).toContain(':root { --accent: #ff0066; --text: #111827; --theme-accent: rgb(10, 20, 30); }')
    expect(text).not.toContain('display: none')
    expect(text).toContain('grid-template-columns: repeat(4, minmax(0, 1fr))')
    expect(text.endsWith('.card { border-radius: 0 } </style><script>alert(1)</script>\n')).toBe(true)
  })

  it('shows the default theme, with search, until the merchant changes it; the stylesheet URL follows the theme', async () => {
    const emu = await testEmulator()
    const before = await page(emu, '')
    expect(before).toContain('class="search"')
    expect(before).not.toContain('class="announcement"')
    const link = (html: string) => html.match(/theme\.css\?v=([^"]+)/)![1]
    ;(emu.deps.clock as unknown as { tick(ms: number): void }).tick(60_000)
    await emu.request('/api/v1/themes/default', { method: 'PUT', json: { config: { layout: { productColumns: 2 } } } })
    expect(link(await page(emu, ''))).not.toBe(link(before))
    expect(await (await emu.app.request('/storefront/demo/theme.css')).text()).toContain('repeat(2, minmax(0, 1fr))')
  })
})
