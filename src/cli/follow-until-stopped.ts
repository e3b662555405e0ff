// A followed stream of the emulator (`webhooks listen`, `logs tail`) until Ctrl+C: the client
// reconnects; this stops it on SIGINT or SIGTERM and tells connection news on stderr.
import type { StreamStatus } from '../client/follow.js'
import type { CliContext } from './context.js'
import type { Output } from './output.js'

export interface FollowMessages {
  /** Said once the first connection is made. */
  ready: string
  /** Said after a reconnect; `resumedAfter` is the id it resumes after. */
  reconnected(resumedAfter: string | undefined): string
}

export async function followUntilStopped(
  ctx: CliContext,
  out: Output,
  messages: FollowMessages,
  run: (signal: AbortSignal, onStatus: (status: StreamStatus) => void) => Promise<void>,
): Promise<void> {
  const stopping = new AbortController()
  const offInt = ctx.onSignal('SIGINT', () => stopping.abort())
  const offTerm = ctx.onSignal('SIGTERM', () => stopping.abort())
  try {
    await run(stopping.signal, (status) => {
      if (status.state === 'reconnecting') return out.info(`${status.reason}; reconnecting in ${status.inMs / 1000} s`)
      out.info(status.reconnected ? messages.reconnected(status.resumedAfter) : messages.ready)
    })
  } finally {
    // Whatever the run left waiting on the signal (a retry's pause) stops with it.
    stopping.abort()
    offInt()
    offTerm()
  }
}
