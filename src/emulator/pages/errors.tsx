import type { FC } from 'hono/jsx'
import { Document } from './layout.js'

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
