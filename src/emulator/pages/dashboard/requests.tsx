import type { FC } from 'hono/jsx'
import {
  REQUEST_LOG_BODY_LIMIT,
  REQUEST_LOG_CAPACITY,
  STATUS_CLASSES,
  type RecordedBody,
  type RequestLogEntry,
} from '../../../spec/requests.js'
import { pretty, when } from '../format.js'
import { Badge, Table } from '../layout.js'
import { DASHBOARD, DASHBOARD_API, DashboardShell, dashHref, type DashView } from './shell.js'

export interface RequestFilterView {
  status?: string
  method?: string
  path?: string
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE']

const statusTone = (status: number) => (status < 300 ? 'ok' : status < 400 ? 'warn' : 'bad')

const RequestRow: FC<{ view: DashView; entry: RequestLogEntry }> = ({ view, entry }) => (
  <tr data-request={entry.id}>
    <td class="nowrap">{when(entry.at)}</td>
    <td>
      <code>{entry.method}</code>
    </td>
    <td>
      <a href={dashHref(view, `/requests/${entry.id}`)}>
        <code>
          {entry.path}
          {entry.query ? `?${entry.query}` : ''}
        </code>
      </a>
    </td>
    <td>
      <Badge tone={statusTone(entry.status)}>{entry.status}</Badge>
    </td>
    <td class="num">{entry.durationMs.toFixed(1)} ms</td>
    <td class="small">{entry.reason ?? ''}</td>
  </tr>
)

/**
 * The request inspector: what the account's apps sent to `/api/v1` and `/_emulator`, newest on
 * top, with filters and a live tail (the stream behind `GET /_emulator/requests`).
 */
export const RequestsPage: FC<{ view: DashView; entries: RequestLogEntry[]; filter: RequestFilterView }> = ({
  view,
  entries,
  filter,
}) => {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(filter)) if (value) query.set(name, value)
  if (entries[0]) query.set('after', String(entries[0].sequence))
  return (
    <DashboardShell view={view} title="Requests" section="/requests" scripts={['requests.js']}>
      <p class="muted">
        Every <code>/api/v1</code> and <code>/_emulator</code> request of this account, newest on top: the last{' '}
        {REQUEST_LOG_CAPACITY} are kept in memory, bodies cut at {REQUEST_LOG_BODY_LIMIT} characters, keys and secrets
        masked. From a terminal: <code>store logs tail</code>.
      </p>
      <form method="get" action={`${DASHBOARD}/requests`} class="row" aria-label="Filters">
        <input type="hidden" name="shop" value={view.shop.slug} />
        <label class="inline" for="filter-status">
          Status
          <select id="filter-status" name="status">
            <option value="">any</option>
            {STATUS_CLASSES.map((s) => (
              <option value={s} selected={filter.status === s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label class="inline" for="filter-method">
          Method
          <select id="filter-method" name="method">
            <option value="">any</option>
            {METHODS.map((m) => (
              <option value={m} selected={filter.method === m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label class="inline" for="filter-path">
          Path starts with
          <input id="filter-path" name="path" type="text" value={filter.path ?? ''} placeholder="/api/v1/orders" />
        </label>
        <button type="submit" class="secondary">
          Filter
        </button>
      </form>
      <p>
        Live tail:{' '}
        <span
          id="tail-status"
          class="badge warn"
          data-stream={`${DASHBOARD_API}/emulator/requests?${query}`}
          data-rows="requests-table"
          data-detail={`${DASHBOARD}/requests/`}
          data-shop={view.shop.slug}
        >
          connecting…
        </span>
      </p>
      <p id="requests-empty" class="muted" hidden={entries.length > 0}>
        No requests yet. Call the API with a key of this account, or use “Try it” on the API reference.
      </p>
      <div id="requests-table">
        <Table caption="Recorded requests" head={['When', 'Method', 'Path', 'Status', 'Duration', 'Reason']}>
          {entries.map((entry) => (
            <RequestRow view={view} entry={entry} />
          ))}
        </Table>
      </div>
    </DashboardShell>
  )
}

const Headers: FC<{ headers: Record<string, string> }> = ({ headers }) => (
  <dl class="kv small">
    {Object.entries(headers).map(([name, value]) => (
      <>
        <dt>
          <code>{name}</code>
        </dt>
        <dd>
          <code>{value}</code>
        </dd>
      </>
    ))}
  </dl>
)

const Body: FC<{ id: string; body: RecordedBody | null; none: string }> = ({ id, body, none }) =>
  body ? (
    <>
      {body.truncated ? (
        <p class="small muted">
          The first {body.text.length} of {body.size} characters.
        </p>
      ) : null}
      <pre id={id}>{body.truncated ? body.text : pretty(body.text)}</pre>
    </>
  ) : (
    <p class="small muted">{none}</p>
  )

/** One recorded request: what was sent, what was answered, and why it failed. */
export const RequestDetailPage: FC<{ view: DashView; entry: RequestLogEntry }> = ({ view, entry }) => (
  <DashboardShell view={view} title={`${entry.method} ${entry.path}`} section="/requests">
    <p>
      <a href={dashHref(view, '/requests')}>← All requests</a>
    </p>
    <section class="panel" aria-labelledby="summary-h">
      <h2 id="summary-h">Summary</h2>
      {entry.reason ? (
        <div class="notice bad" data-reason="">
          {entry.reason}
        </div>
      ) : null}
      <dl class="kv">
        <dt>Status</dt>
        <dd>
          <Badge tone={statusTone(entry.status)}>{entry.status}</Badge>
        </dd>
        <dt>When</dt>
        <dd>{when(entry.at)}</dd>
        <dt>Duration</dt>
        <dd>{entry.durationMs.toFixed(1)} ms</dd>
        <dt>Query</dt>
        <dd>{entry.query ? <code>{entry.query}</code> : '—'}</dd>
        <dt>Shop</dt>
        <dd>{entry.shop ?? '—'}</dd>
        <dt>Sent</dt>
        <dd>{entry.via === 'dashboard' ? 'from the dashboard (signed-in session)' : 'with an API key'}</dd>
        <dt>Id</dt>
        <dd>
          <code>{entry.id}</code>
        </dd>
      </dl>
    </section>
    <section class="panel" aria-labelledby="request-h">
      <h2 id="request-h">Request</h2>
      <Headers headers={entry.requestHeaders} />
      <h3>Body</h3>
      <Body id="request-body" body={entry.requestBody} none="No body (or none was read before the answer)." />
    </section>
    <section class="panel" aria-labelledby="response-h">
      <h2 id="response-h">Response</h2>
      <Headers headers={entry.responseHeaders} />
      <h3>Body</h3>
      <Body id="response-body" body={entry.responseBody} none="No body (or a stream)." />
    </section>
  </DashboardShell>
)
