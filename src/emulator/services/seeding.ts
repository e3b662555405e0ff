import { FulfilmentSetupBodySchema } from '../spec/fulfilment.js'
import type { Emulator } from './context.js'
import { applyFulfilmentSetup } from './services/catalogue/setup.js'
import type { ShopRecord } from './store/records.js'
import type { Tx } from './store/store.js'

/**
 * Applies a seed product's `fulfilment` block exactly as PUT /_emulator/products/:id/fulfilment
 * would: validated with the same schema, serials become the pool (stock follows), a mystery table
 * gets a server seed from the injected randomness, its commitment and pool version 1.
 * @throws Error naming the product and the field at fault, so a bad seed file is refused whole
 */
export function applySeedFulfilment(
  emu: Emulator,
  tx: Tx,
  shop: ShopRecord,
  productId: string,
  setup: Record<string, unknown>,
): void {
  const product = emu.store.c.products.get(productId)
  if (!product) throw new Error(`seed product ${productId}: not stored before its fulfilment`)
  const parsed = FulfilmentSetupBodySchema.safeParse(setup)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue.path.map(String).join('.')
    const what = issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue.message
    throw new Error(`seed product ${productId}: fulfilment${where ? `.${where}` : ''}: ${what}`)
  }
  try {
    applyFulfilmentSetup(emu, tx, shop, product, parsed.data)
  } catch (error) {
    throw new Error(`seed product ${productId}: fulfilment.${(error as Error).message}`)
  }
}
