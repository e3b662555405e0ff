import { it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
it('t', async () => {
  let t = performance.now()
  const emu = await testEmulator()
  console.log('first', performance.now() - t)
  t = performance.now()
  for (let i = 0; i < 20; i++) await testEmulator()
  console.log('per', (performance.now() - t) / 20)
  t = performance.now()
  for (let i = 0; i < 100; i++) JSON.stringify(emu.store.snapshot())
  console.log('snap', (performance.now() - t) / 100)
  t = performance.now()
  for (let i = 0; i < 100; i++) await emu.request('/api/v1/products/xyz')
  console.log('req', (performance.now() - t) / 100)
})
