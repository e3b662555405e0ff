// `store logs list` and `store logs get`: the request inspector after the fact.
import type { CommandContext } from '../client-factory.js'
import { UsageError } from '../exit-codes.js'
import { filterOf, printRequest, type TailOptions } from './request-line.js'

export interface ListOptions extends TailOptions {
  limit?: string
  failed?: boolean
}

/** Oldest first, so the newest ends the output; `--json` prints the API's envelope, newest first. */
export async function listRequests(cc: CommandContext, o: ListOptions): Promise<void> {
  const limit = o.limit === undefined ? 20 : Number(o.limit)
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw new UsageError(`--limit: "${o.limit}" is not a whole number from 1 to 1000`)
  if (o.failed && o.status !== undefined) throw new UsageError('--failed and --status go apart: pass one of them')
  const filter = filterOf(o)
  const client = cc.client()
  // Failed: the newest of the 4xx and the 5xx answers.
  const lists = await Promise.all(
    (o.failed ? ['4xx', '5xx'] : [filter.status]).map((status) => client.requests.list({ ...filter, status, limit })),
  )
  const requests = lists.flatMap((l) => l.requests).sort((a, b) => b.sequence - a.sequence)
  requests.length = Math.min(requests.length, limit)
  if (cc.out.isJson) return cc.out.json({ requests })
  if (requests.length === 0 && cc.out.isTTY) cc.out.info(o.failed ? 'No failed requests' : 'No requests found')
  for (const entry of requests.reverse()) printRequest(cc, entry)
}

export async function showRequest(cc: CommandContext, id: string): Promise<void> {
  const entry = await cc.client().requests.get(id)
  if (cc.out.isJson) return cc.out.json(entry)
  cc.out.record(entry, Object.entries(entry))
}
