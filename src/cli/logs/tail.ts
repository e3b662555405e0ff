// `store logs tail`: the emulator's request inspector, live — each request an app sends to
// /api/v1 or /_emulator as it is answered, with the reason of every failure. Reconnects by itself.
import type { CommandContext } from '../client-factory.js'
import { followUntilStopped } from '../follow-until-stopped.js'
import { filterOf, printRequest, type TailOptions } from './request-line.js'

export type { TailOptions }

/** Prints each new request of the account until Ctrl+C (one line each; NDJSON with --json). */
export async function tail(cc: CommandContext, o: TailOptions): Promise<void> {
  const filter = filterOf(o)
  const client = cc.client()
  const { origin } = cc.connection()
  const what = [filter.status, filter.method, filter.path && `under ${filter.path}`].filter(Boolean).join(' ')
  const messages = {
    ready: `Ready! Showing requests${what ? ` (${what})` : ''} to ${origin} as they are answered (Ctrl+C to stop)`,
    reconnected: (after: string | undefined) =>
      `Reconnected to ${origin}${after !== undefined ? `; resuming after request ${after}` : ''}`,
  }
  await followUntilStopped(cc, cc.out, messages, async (signal, onStatus) => {
    for await (const entry of client.requests.stream(filter, { signal, onStatus })) printRequest(cc, entry)
  })
}
