import { loadSeedFile } from '../../src/contract/seed-file.js'
import { DEMO_SEED_PATH } from './emulator.js'

/** The demo seed with `count` more Live products named `Sticker <n>`, one a second, the newest last. */
export function seedWithProducts(count: number) {
  const seed = loadSeedFile(DEMO_SEED_PATH)
  const start = Date.parse('2026-03-01T00:00:00.000Z')
  const extra = Array.from({ length: count }, (_, n) => ({
    id: `prod_many_${n}`,
    productId: `rec_many${String(n).padStart(8, '0')}`,
    name: `Sticker ${n}`,
    description: 'A sticker for your laptop, printed on vinyl that lasts.',
    type: 'Service' as const,
    price: 2,
    status: 'Live' as const,
    createdAt: new Date(start + n * 1000).toISOString(),
  }))
  return { ...seed, products: [...(seed.products ?? []), ...extra] }
}
