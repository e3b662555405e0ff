import { ServerResponse } from 'node:http'
import type { Context } from 'hono'
import { streamSSE } from 'hono/streaming'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'

/**
 * Where an event stream's text goes. `write` answers false while the reader is behind; `drained`
 * (given when the sink is made) is called once it has caught up, and `closed` once the reader is gone.
 */
export interface SseSink {
  write(text: string | Uint8Array): boolean
  /** Text written but not yet taken by the reader, in bytes. */
  held(): number
  /** Ends the answer once what was written has gone out. */
  end(): void
  /** Cuts the connection, dropping what was not sent. */
  abort(): void
}

export interface SseHandlers {
  drained: () => void
  closed: () => void
}

/**
 * Answers `c` with an event stream fed through the sink `start` is handed. Over @hono/node-server
 * the text is written to the node response itself: hono's streamSSE costs a web stream round per
 * write, which with many readers slows every other request. In-process requests (`app.request`,
 * MSW) have no node response and get streamSSE.
 */
export function answerSse(c: Context, start: (sink: SseSink) => SseHandlers): Response | Promise<Response> {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing
  if (outgoing instanceof ServerResponse) {
    // The headers streamSSE would send, with any a middleware set before this handler.
    const head = c.newResponse(null, 200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    })
    outgoing.writeHead(200, Object.fromEntries(head.headers))
    const handlers = start({
      write: (text) => outgoing.write(text),
      held: () => outgoing.writableLength,
      end: () => outgoing.end(),
      abort: () => outgoing.destroy(),
    })
    outgoing.on('drain', handlers.drained)
    outgoing.on('close', handlers.closed)
    // A reader gone before the answer began sends no 'close' any more.
    if (outgoing.destroyed) handlers.closed()
    return RESPONSE_ALREADY_SENT
  }
  return streamSSE(c, (stream) => {
    let held = 0
    let finish = () => {}
    const done = new Promise<void>((resolve) => (finish = resolve))
    const handlers = start({
      // One write in flight at a time, as a node socket past its high-water mark: the next waits for `drained`.
      write: (text) => {
        const bytes = typeof text === 'string' ? Buffer.byteLength(text) : text.byteLength
        held += bytes
        void stream.write(text).then(() => {
          held -= bytes
          if (held === 0 && !stream.aborted) handlers.drained()
        })
        return false
      },
      held: () => held,
      end: () => void stream.close().then(finish),
      abort: () => stream.abort(),
    })
    stream.onAbort(() => {
      handlers.closed()
      finish()
    })
    return done
  })
}
