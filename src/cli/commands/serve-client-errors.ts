import type { Duplex } from 'node:stream'

/** What Node's HTTP parser refuses before the app sees a request: status, reason phrase, what to do. */
const REFUSALS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    "the request's URL and headers are larger than the 16 KB the server reads: send a shorter URL (fewer query parameters) or fewer headers",
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'the request did not arrive in time: send it again, all at once'],
}
const NOT_HTTP: [number, string, string] = [
  400,
  'Bad Request',
  'the request is not valid HTTP/1.1: check the request line, the headers, Content-Length and Transfer-Encoding',
]

/**
 * A node server's `clientError` listener: the answer Node would give a request it cannot parse,
 * with a JSON `error` saying what went wrong, as every other refusal of the emulator has.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inProgress = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (error.code === 'ECONNRESET' || !socket.writable || inProgress?.headersSent) {
    socket.destroy()
    return
  }
  const [status, reason, message] = REFUSALS[error.code ?? ''] ?? NOT_HTTP
  const body = JSON.stringify({ error: message })
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
