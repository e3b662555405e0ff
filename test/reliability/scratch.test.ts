import { it } from 'vitest'
import fc from 'fast-check'
import { ROUTES, requestArb, fuzzEmulator, sendAndJudge } from './fuzz-model.js'
it('stats', async () => {
  const stats = new Map<string, Map<number, number>>()
  let emu = await fuzzEmulator()
  const samples = fc.sample(requestArb(ROUTES), { numRuns: 4000, seed: 1 })
  let i = 0
  for (const r of samples) {
    if (++i % 40 === 0) emu = await fuzzEmulator()
    const key = `${r.route.method} ${r.route.path}`
    const orig = emu.app.request.bind(emu.app)
    let status = 0
    ;(emu.app as any).request = async (...a: any[]) => { const res = await orig(...a); status = res.status; return res }
    try { await sendAndJudge(emu, r) } catch (e) { console.log('FAIL', (e as Error).message.slice(0, 2000)); }
    ;(emu.app as any).request = orig
    const m = stats.get(key) ?? new Map(); m.set(status, (m.get(status) ?? 0) + 1); stats.set(key, m)
  }
  for (const [k, m] of stats) console.log(k.padEnd(60), [...m].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}:${n}`).join(' '))
}, 120000)
