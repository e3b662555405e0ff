// Server-Sent Events (text/event-stream) read from a fetch body, for `client.emulator.events()`.

export interface SseMessage {
  id?: string
  event?: string
  data: string
}

/**
 * Parses a text/event-stream body into messages (comments and `retry:` lines are skipped). Ends
 * when `signal` aborts, even where the fetch that opened the body does not cancel it.
 */
export async function* parseSse(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder()
  let buffer = ''
  let message: { id?: string; event?: string; data: string[] } = { data: [] }
  const reader = body.getReader()
  const stop = () => void reader.cancel().catch(() => undefined)
  signal?.addEventListener('abort', stop, { once: true })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      buffer += decoder.decode(value, { stream: true })
      let newline: number
      while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1))
        if (line === '') {
          if (message.data.length) yield { id: message.id, event: message.event, data: message.data.join('\n') }
          message = { data: [] }
          continue
        }
        if (line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'data') message.data.push(value)
        else if (field === 'id') message.id = value
        else if (field === 'event') message.event = value
      }
    }
  } finally {
    signal?.removeEventListener('abort', stop)
    await reader.cancel().catch(() => undefined)
  }
}
