// `store webhooks create --chaos …`: an endpoint's delivery chaos from `key=value,…` or JSON.
import type { WebhookChaos, WebhookChaosInput } from '../../contract/webhooks.js'
import { UsageError } from '../exit-codes.js'
import { checkBody, commaList } from '../input.js'

/** `duplicate=0.2,reorderMs=500,seed=7` or JSON, checked with the spec's schema before anything is sent. */
export async function parseChaos(text: string): Promise<WebhookChaosInput> {
  let chaos: unknown
  if (text.trim().startsWith('{')) {
    try {
      chaos = JSON.parse(text)
    } catch (error) {
      throw new UsageError(`--chaos: not valid JSON (${(error as Error).message})`)
    }
  } else {
    const pairs = commaList(text)
    if (!pairs.length) throw new UsageError('--chaos: empty; e.g. --chaos duplicate=0.2,reorderMs=500,seed=7')
    const entries = pairs.map((pair) => {
      const [key, value, ...rest] = pair.split('=')
      if (!key || value === undefined || rest.length || value.trim() === '' || !Number.isFinite(Number(value)))
        throw new UsageError(`--chaos: "${pair}" is not key=number (e.g. --chaos duplicate=0.2,reorderMs=500,seed=7)`)
      return [key.trim(), Number(value)] as const
    })
    chaos = Object.fromEntries(entries)
  }
  const { WebhookChaosSchema } = await import('../../contract/webhooks.js')
  checkBody(WebhookChaosSchema, chaos, '--chaos')
  return chaos as WebhookChaosInput
}

export function describeChaos(chaos: WebhookChaos | undefined): string {
  if (!chaos) return ''
  return Object.entries(chaos)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ')
}
