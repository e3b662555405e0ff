// `store logs tail`: the request inspector, live; reconnects by itself.
import { CLI_USER_AGENT, type CommandContext } from '../client-factory.js'
import type { RequestLogEntry } from '../../contract/requests.js'
import { followUntilStopped } from '../follow-until-stopped.js'
import { filterOf, printRequest, type TailOptions } from './request-line.js'

export async function tail(cc: CommandContext, o: TailOptions): Promise<void> {
  const filter = filterOf(o)
  const client = cc.client()
  const { origin } = cc.connection()
  const what = [filter.status, filter.method, filter.path && `under ${filter.path}`].filter(Boolean).join(' ')
  const ready = `Ready! Showing requests${what ? ` (${what})` : ''} to ${origin} as they are answered (Ctrl+C to stop; the store CLI's own /_emulator calls are left out)`
  // The CLI's own control calls (`store emulator …`, `webhooks listen`) would bury what an app sends.
  const isCliControlCall = (entry: RequestLogEntry) =>
    entry.path.startsWith('/_emulator') && entry.requestHeaders['user-agent'] === CLI_USER_AGENT
  await followUntilStopped(cc, ready, 'request', async (signal, onStatus) => {
    for await (const entry of client.requests.stream(filter, { signal, onStatus }))
      if (!isCliControlCall(entry)) printRequest(cc, entry)
  })
}
