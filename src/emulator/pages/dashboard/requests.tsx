import type { FC } from 'hono/jsx'
import {
  REQUEST_LOG_CAPACITY,
  STATUS_CLASSES,
  type RecordedBody,
  type RequestLogEntry,
  type RequestLogQuery,
} from '../../../contract/requests.js'
import { pretty, when } from '../format.js'
import { Facts, Input, Panel, Select, StateBadge, Table } from '../layout.js'
import { DASHBOARD, DASHBOARD_API, DashboardShell, dashHref, type DashView } from './shell.js'

const METHODS = ['GET', 'POST', 'PUT', 'DELETE']
const ANY = ['', 'any'] as const

export const RequestsPage: FC<{
  view: DashView
  entries: RequestLogEntry[]
  filter: Pick<RequestLogQuery, 'status' | 'method' | 'path'>
}> = ({ view, entries, filter }) => {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(filter)) if (value) query.set(name, value)
  if (entries[0]) query.set('after', String(entries[0].sequence))
  return (
    <DashboardShell view={view} title="Requests" section="/requests">
      <p class="muted">
        The last {REQUEST_LOG_CAPACITY} API requests of this account, newest on top, secrets masked (from a terminal:{' '}
        <code>store logs tail</code>).
      </p>
      <form method="get" action={`${DASHBOARD}/requests`} class="row" aria-label="Filters">
        <input type="hidden" name="shop" value={view.shop.slug} />
        <Select
          id="filter-status"
          name="status"
          label="Status"
          choices={[ANY, ...STATUS_CLASSES]}
          chosen={filter.status}
        />
        <Select id="filter-method" name="method" label="Method" choices={[ANY, ...METHODS]} chosen={filter.method} />
        <Input id="filter-path" name="path" label="Path starts with" value={filter.path ?? ''} />
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
          data-rows="requests-table requests-empty"
        >
          connecting…
        </span>
      </p>
      <p id="requests-empty" class="muted" hidden={entries.length > 0}>
        No requests yet. Call the API with a key of this account, or use “Try it” on the API reference.
      </p>
      <div id="requests-table">
        <Table
          caption="Recorded requests"
          rows={entries}
          rowAttrs={(entry) => ({ 'data-request': entry.id })}
          columns={[
            ['When', (entry) => when(entry.at), 'nowrap'],
            ['Method', (entry) => <code>{entry.method}</code>],
            [
              'Path',
              (entry) => (
                <a href={dashHref(view, `/requests/${entry.id}`)}>
                  <code>{entry.query ? `${entry.path}?${entry.query}` : entry.path}</code>
                </a>
              ),
            ],
            ['Status', (entry) => <StateBadge state={entry.status} />],
            ['Duration', (entry) => `${entry.durationMs.toFixed(1)} ms`, 'num'],
            ['Reason', (entry) => entry.reason, 'small'],
          ]}
        />
      </div>
    </DashboardShell>
  )
}

const Exchange: FC<{
  side: 'request' | 'response'
  headers: Record<string, string>
  body: RecordedBody | null
  none: string
}> = ({ side, headers, body, none }) => (
  <section class="panel" aria-labelledby={`${side}-h`}>
    <h2 id={`${side}-h`}>{side === 'request' ? 'Request' : 'Response'}</h2>
    <Facts
      class="small"
      rows={Object.entries(headers).map(([name, value]) => [<code>{name}</code>, <code>{value}</code>])}
    />
    <h3>Body</h3>
    {body?.truncated ? (
      <p class="small muted">
        The first {body.text.length} of {body.size} characters.
      </p>
    ) : null}
    {body ? <pre id={`${side}-body`}>{body.truncated ? body.text : pretty(body.text)}</pre> : <p>{none}</p>}
  </section>
)

export const RequestDetailPage: FC<{ view: DashView; entry: RequestLogEntry }> = ({ view, entry }) => (
  <DashboardShell view={view} title={`${entry.method} ${entry.path}`} section="/requests">
    <Panel id="summary" title="Summary">
      {entry.reason ? (
        <div class="notice bad" data-reason="">
          {entry.reason}
        </div>
      ) : null}
      <Facts
        rows={[
          ['Status', <StateBadge state={entry.status} />],
          ['When', when(entry.at)],
          ['Duration', `${entry.durationMs.toFixed(1)} ms`],
          ['Query', entry.query ? <code>{entry.query}</code> : null],
          ['Shop', entry.shop],
          ['Sent', entry.via === 'dashboard' ? 'from the dashboard (signed-in session)' : 'with an API key'],
          ['Id', <code>{entry.id}</code>],
        ]}
      />
    </Panel>
    <Exchange side="request" headers={entry.requestHeaders} body={entry.requestBody} none="No body was read." />
    <Exchange side="response" headers={entry.responseHeaders} body={entry.responseBody} none="No body (or a stream)." />
  </DashboardShell>
)
