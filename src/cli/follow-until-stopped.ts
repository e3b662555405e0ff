// A followed stream of the emulator (`webhooks listen`, `logs tail`) until Ctrl+C: the client
// reconnects; this stops it on SIGINT or SIGTERM and tells connection news on stderr.
import type { StreamStatus } from '../client/follow.js'
import type { CommandContext } from './client-factory.js'

/** `ready` is said once the first connection is made; a reconnect names the `what` it resumes after. */
export async function followUntilStopped(
  cc: CommandContext,
  ready: string,
  what: 'event' | 'request',
  run: (signal: AbortSignal, onStatus: (status: StreamStatus) => void) => Promise<void>,
): Promise<void> {
  const stopping = new AbortController()
  const offInt = cc.onSignal('SIGINT', () => stopping.abort())
  const offTerm = cc.onSignal('SIGTERM', () => stopping.abort())
  const { origin } = cc.connection()
  try {
    await run(stopping.signal, (status) => {
      if (status.state === 'reconnecting')
        return cc.out.info(`${status.reason}; reconnecting in ${status.inMs / 1000} s`)
      if (!status.reconnected) return cc.out.info(ready)
      const after = status.resumedAfter
      cc.out.info(`Reconnected to ${origin}${after !== undefined ? `; resuming after ${what} ${after}` : ''}`)
    })
  } finally {
    // Whatever the run left waiting on the signal (a retry's pause) stops with it.
    stopping.abort()
    offInt()
    offTerm()
  }
}
