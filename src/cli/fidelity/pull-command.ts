// The run function of `store pull`.
import { contextFor, type CommandContext } from '../client-factory.js'
import { UsageError } from '../exit-codes.js'
import { writeOut } from './atomic-write.js'
import { apiBaseOf } from './base-url.js'
import { pullShop, seedText } from './pull.js'
import { counted } from '../counted.js'

export interface PullFlags {
  from: string
  out?: string
  anonymize?: boolean
  withOrders?: boolean
}

export async function runPull(cc: CommandContext, o: PullFlags): Promise<void> {
  const from = apiBaseOf(o.from, '--from')
  const hosted = contextFor(cc, { ...cc.globals, baseUrl: from })
  const apiKey = hosted.connection().apiKey
  if (!apiKey) throw new UsageError("store pull needs the shop's API key: pass --api-key (or set STORE_API_KEY)")
  const pulled = await pullShop(hosted.client(), { withOrders: o.withOrders, anonymize: o.anonymize })
  const text = seedText(pulled.seed, [apiKey])
  for (const note of pulled.notes) cc.out.warn(note)
  const counts = Object.entries(pulled.counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => counted(n, kind))
    .join(', ')
  const what = `pulled ${counts || 'nothing'} from ${from}`
  await writeOut(
    cc,
    text,
    o.out,
    o.out
      ? `${what} into ${o.out}${o.anonymize ? ' (anonymized)' : ''}; load it with store serve --seed ${o.out}, store state import ${o.out} or createTestAccount({ seed })`
      : what,
  )
}
