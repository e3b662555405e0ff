import type { ErrorHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { FC } from 'hono/jsx'
import { StoreError } from '../../contract/errors.js'
import type { Log } from '../deps.js'
import { Document, renderPage } from './layout.js'

/** An HTML error for a page route (JSON routes keep the API's `{ error }` shape). */
export const ErrorPage: FC<{ status: number; message: string; home: string }> = ({ status, message, home }) => (
  <Document title={`${status} · store emulator`}>
    <main id="main" class="narrow">
      <div class="panel">
        <h1>
          {status === 404 ? 'Not found' : status === 401 || status === 403 ? 'Not allowed' : 'Something went wrong'}
        </h1>
        <p data-error="">{message}</p>
        <p>
          <a href={home}>Back</a>
        </p>
      </div>
    </main>
  </Document>
)

/** A page app's `onError`: a refusal as a page with its status and words; anything else logged, and a 500 page. */
export function pageErrors(
  log: Log,
  home: string,
  wordsOf = (error: StoreError | HTTPException) => error.message,
): ErrorHandler {
  return (error, c) => {
    if (error instanceof StoreError || error instanceof HTTPException)
      return renderPage(c, ErrorPage({ status: error.status, message: wordsOf(error), home }), error.status)
    log(`internal error on ${c.req.method} ${c.req.path}: ${(error as Error)?.stack ?? String(error)}`)
    const message = 'the emulator hit an unexpected problem (logged by store serve)'
    return renderPage(c, ErrorPage({ status: 500, message, home }), 500)
  }
}
