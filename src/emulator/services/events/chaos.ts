import type { DeliveryChaos, WebhookChaos } from '../../../contract/webhooks.js'
import { seededDraw } from '../../seeded-draw.js'

/**
 * The chaos of the `draw`-th event of an endpoint (docs/webhooks.md, "Delivery chaos"): a pure
 * function of the seed and the draw's number, so the same seed makes the same choices on every run.
 */
export function chaosPlan(
  chaos: WebhookChaos,
  draw: number,
): { first: DeliveryChaos; duplicate?: Omit<DeliveryChaos, 'duplicateOf'> } {
  const at = (what: string) => seededDraw('chaos', chaos.seed, draw, what)
  const holdOf = (what: string) => (chaos.reorderMs ? Math.floor(at(what) * chaos.reorderMs) : 0)
  const base = { seed: chaos.seed, draw, delayMs: chaos.delayMs ?? 0, failFirst: chaos.failFirst ?? 0 }
  const first = { ...base, holdMs: holdOf('hold'), duplicateOf: null }
  const isDuplicated = chaos.duplicate !== undefined && chaos.duplicate > 0 && at('duplicate') < chaos.duplicate
  return isDuplicated ? { first, duplicate: { ...base, holdMs: holdOf('duplicate-hold') } } : { first }
}
