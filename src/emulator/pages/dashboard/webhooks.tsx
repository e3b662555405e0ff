import type { FC } from 'hono/jsx'
import {
  FEEDBACK_EVENT_KINDS,
  ORDER_EVENT_KINDS,
  PRODUCT_EVENT_KINDS,
  QUERY_EVENT_KINDS,
  SUBSCRIPTION_EVENT_KINDS,
  WEBHOOK_EVENT_KINDS,
} from '../../../contract/events.js'
import type {
  EmittedEvent,
  Webhook,
  WebhookChaos,
  WebhookDelivery,
  WebhookDeliverySummary,
} from '../../../contract/webhooks.js'
import { Badge, Notice, Table } from '../layout.js'
import { pretty, when } from '../format.js'
import { DASHBOARD, DASHBOARD_API, DashboardShell, dashHref, type DashView } from './shell.js'

const KIND_GROUPS: [string, readonly string[]][] = [
  ['Order', ORDER_EVENT_KINDS],
  ['Product', PRODUCT_EVENT_KINDS],
  ['Subscription', SUBSCRIPTION_EVENT_KINDS],
  ['Query', QUERY_EVENT_KINDS],
  ['Feedback', FEEDBACK_EVENT_KINDS],
]

const stateTone = (state: string) => (state === 'delivered' ? 'ok' : state === 'failed' ? 'bad' : 'warn')

const ResendButton: FC<{ delivery: { id: string } }> = ({ delivery }) => (
  <button
    type="button"
    class="secondary"
    data-api={`${DASHBOARD_API}/emulator/webhooks/logs/${encodeURIComponent(delivery.id)}/resend`}
    data-dashboard=""
    data-success="Delivery re-sent; the new attempt is at the top of the log."
    data-action="resend"
  >
    Resend
  </button>
)

/** An endpoint's chaos in words, for the endpoints table. */
function chaosText(chaos: WebhookChaos): string {
  const parts = [
    chaos.duplicate ? `${chaos.duplicate * 100}% twice` : '',
    chaos.reorderMs ? `reorder within ${chaos.reorderMs} ms` : '',
    chaos.delayMs ? `delay ${chaos.delayMs} ms` : '',
    chaos.failFirst ? `first ${chaos.failFirst} attempts fail` : '',
  ].filter(Boolean)
  return `${parts.join(', ') || 'nothing'} (seed ${chaos.seed})`
}

export const WebhooksPage: FC<{ view: DashView; webhooks: Webhook[]; deliveries: WebhookDeliverySummary[] }> = ({
  view,
  webhooks,
  deliveries,
}) => (
  <DashboardShell view={view} title="Webhooks" section="/webhooks">
    <section class="panel" aria-labelledby="endpoints-h">
      <h2 id="endpoints-h">Endpoints</h2>
      <p class="muted small">
        Each endpoint gets a POST per subscribed event (<code>User-Agent: Service-Webhook/1.0</code>, 15 s timeout, 2xx
        = delivered, failed deliveries retried with backoff).
      </p>
      {webhooks.length === 0 ? (
        <p>No endpoints yet.</p>
      ) : (
        <Table caption="Webhook endpoints" head={['URL', 'Events', 'Chaos', 'Created', '']}>
          {webhooks.map((w) => (
            <tr data-webhook={w.id}>
              <td class="url">
                <code>{w.url}</code>
              </td>
              <td class="small">
                {w.events.length === WEBHOOK_EVENT_KINDS.length ? 'all events' : w.events.join(', ')}
              </td>
              <td class="small" data-chaos="">
                {w.chaos ? chaosText(w.chaos) : 'none'}
              </td>
              <td class="nowrap">{when(w.createdAt)}</td>
              <td>
                <button
                  type="button"
                  class="danger"
                  data-api={`${DASHBOARD_API}/emulator/webhooks/${encodeURIComponent(w.id)}`}
                  data-method="DELETE"
                  data-dashboard=""
                  data-confirm={`Delete the endpoint ${w.url}?`}
                  data-success="Endpoint deleted."
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <details open={webhooks.length === 0}>
        <summary>Add an endpoint</summary>
        <form
          data-api={`${DASHBOARD_API}/emulator/webhooks`}
          data-dashboard=""
          data-success="Endpoint added."
          data-notice="add-notice"
          id="add-webhook"
        >
          <label for="webhook-url">URL</label>
          <input id="webhook-url" name="url" type="url" required placeholder="http://127.0.0.1:3000/webhooks" />
          <fieldset>
            <legend>Events (at least one)</legend>
            <label class="inline">
              <input type="checkbox" data-check-all="" data-skip="" /> <strong>all events</strong>
            </label>
            {KIND_GROUPS.map(([group, kinds]) => (
              <div>
                <p class="small muted">{group}</p>
                {kinds.map((kind) => (
                  <label class="inline">
                    <input type="checkbox" name="events" value={kind} data-type="checks" /> {kind}
                  </label>
                ))}
              </div>
            ))}
          </fieldset>
          <fieldset>
            <legend>Delivery chaos (optional)</legend>
            <p class="small muted">
              Test your handler against duplicates, reordering, delays and lost answers. The same seed makes the same
              choices for the same events.
            </p>
            <label for="chaos-duplicate">Share delivered twice (0 to 1)</label>
            <input
              id="chaos-duplicate"
              name="chaos.duplicate"
              type="number"
              min="0"
              max="1"
              step="0.01"
              data-type="number"
            />
            <label for="chaos-reorder">Reorder window (ms)</label>
            <input id="chaos-reorder" name="chaos.reorderMs" type="number" min="0" max="60000" data-type="number" />
            <label for="chaos-delay">Delay (ms)</label>
            <input id="chaos-delay" name="chaos.delayMs" type="number" min="0" max="60000" data-type="number" />
            <label for="chaos-fail-first">Attempts counted as failed</label>
            <input id="chaos-fail-first" name="chaos.failFirst" type="number" min="0" max="10" data-type="number" />
            <label for="chaos-seed">Seed</label>
            <input id="chaos-seed" name="chaos.seed" type="number" min="0" data-type="number" />
          </fieldset>
          <div class="actions">
            <button type="submit">Add endpoint</button>
          </div>
        </form>
        <Notice id="add-notice" />
      </details>
    </section>

    <section class="panel" aria-labelledby="sim-h">
      <h2 id="sim-h">Simulator</h2>
      <p class="muted small">
        Sends a test delivery with sample data to one endpoint, for any event kind (
        <code>POST /_emulator/webhooks/:id/simulate</code>); it is logged like any other.
      </p>
      {webhooks.length === 0 ? (
        <p>Add an endpoint first.</p>
      ) : (
        <form
          id="simulate"
          data-api={`${DASHBOARD_API}/emulator/webhooks/${encodeURIComponent(webhooks[0].id)}/simulate`}
          data-dashboard=""
          data-success="Test delivery sent; it is at the top of the log."
          data-notice="sim-notice"
        >
          <div class="fields">
            <div>
              <label for="sim-endpoint">Endpoint</label>
              <select id="sim-endpoint" data-skip="" data-sets-api="">
                {webhooks.map((w) => (
                  <option value={`${DASHBOARD_API}/emulator/webhooks/${encodeURIComponent(w.id)}/simulate`}>
                    {w.url}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label for="sim-event">Event</label>
              <select id="sim-event" name="event">
                {WEBHOOK_EVENT_KINDS.map((kind) => (
                  <option value={kind}>{kind}</option>
                ))}
              </select>
            </div>
          </div>
          <div class="actions">
            <button type="submit">Send test delivery</button>
          </div>
        </form>
      )}
      <Notice id="sim-notice" />
    </section>

    <section class="panel" aria-labelledby="log-h">
      <h2 id="log-h">Delivery log</h2>
      {deliveries.length === 0 ? (
        <p>Nothing delivered yet.</p>
      ) : (
        <Table
          caption="Webhook deliveries"
          head={['Created', 'Event', 'URL', 'State', 'Response', 'Retries', 'Origin', '']}
        >
          {deliveries.map((d) => (
            <tr data-delivery={d.id} data-event={d.event}>
              <td class="nowrap">
                <a href={dashHref(view, `/webhooks/logs/${encodeURIComponent(d.id)}`)}>{when(d.createdAt)}</a>
              </td>
              <td>
                <code>{d.event}</code>
              </td>
              <td class="small url">
                <code>{d.url}</code>
              </td>
              <td>
                <Badge tone={stateTone(d.state)}>{d.state}</Badge>
              </td>
              <td class="num">{d.responseStatus ?? '—'}</td>
              <td class="num">{d.retryCount}</td>
              <td class="small">
                {d.origin}
                {d.resendOf ? ` of ${d.resendOf}` : ''}
              </td>
              <td>
                <span class="row nowrap">
                  <a href={dashHref(view, `/webhooks/logs/${encodeURIComponent(d.id)}`)}>View</a>
                  <ResendButton delivery={d} />
                </span>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  </DashboardShell>
)

export const DeliveryPage: FC<{ view: DashView; delivery: WebhookDelivery }> = ({ view, delivery: d }) => (
  <DashboardShell view={view} title={`Delivery of ${d.event}`} section="/webhooks">
    <p>
      <a href={dashHref(view, '/webhooks')}>← Webhooks</a>
    </p>
    <section class="panel" aria-label="Delivery">
      <dl class="kv">
        <dt>Id</dt>
        <dd>
          <code>{d.id}</code>
        </dd>
        <dt>URL</dt>
        <dd>
          <code>{d.url}</code>
        </dd>
        <dt>Event</dt>
        <dd>
          <code>{d.event}</code>
        </dd>
        <dt>State</dt>
        <dd>
          <Badge tone={stateTone(d.state)}>{d.state}</Badge>
          {d.nextAttemptAt ? <span class="muted small"> next attempt {when(d.nextAttemptAt)}</span> : null}
        </dd>
        <dt>Response status</dt>
        <dd>{d.responseStatus ?? 'none'}</dd>
        <dt>Retries</dt>
        <dd>
          {d.retryCount} of {d.maxAttempts - 1}
        </dd>
        <dt>Origin</dt>
        <dd>
          {d.origin}
          {d.resendOf ? (
            <>
              {' '}
              of{' '}
              <a href={dashHref(view, `/webhooks/logs/${encodeURIComponent(d.resendOf)}`)}>
                <code>{d.resendOf}</code>
              </a>
            </>
          ) : null}
        </dd>
        {d.chaos ? (
          <>
            <dt>Chaos</dt>
            <dd data-chaos="">
              seed {d.chaos.seed}, draw {d.chaos.draw}: held {d.chaos.delayMs + d.chaos.holdMs} ms
              {d.chaos.failFirst ? `, first ${d.chaos.failFirst} attempts counted as failed` : ''}
              {d.chaos.duplicateOf ? (
                <>
                  , a duplicate of{' '}
                  <a href={dashHref(view, `/webhooks/logs/${encodeURIComponent(d.chaos.duplicateOf)}`)}>
                    <code>{d.chaos.duplicateOf}</code>
                  </a>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
        <dt>Created</dt>
        <dd>{when(d.createdAt)}</dd>
      </dl>
      <div class="actions">
        <ResendButton delivery={d} />
      </div>
    </section>
    <section class="panel" aria-labelledby="payload-h">
      <h2 id="payload-h">Payload (exactly as sent)</h2>
      <pre id="payload" data-payload="">
        {d.payload}
      </pre>
      <button type="button" class="secondary" data-copy="#payload">
        Copy payload
      </button>
    </section>
    <section class="panel" aria-labelledby="attempts-h">
      <h2 id="attempts-h">Attempts</h2>
      {d.attempts.length === 0 ? (
        <p>No attempt yet.</p>
      ) : (
        d.attempts.map((a) => (
          <article class="stack" data-attempt={String(a.attempt)}>
            <h3>
              Attempt {a.attempt} · {when(a.at)}
            </h3>
            <p class="row">
              <Badge tone={a.status !== null && a.status >= 200 && a.status < 300 ? 'ok' : 'bad'}>
                {a.status ?? 'no answer'}
              </Badge>
              <span class="muted small">{a.durationMs.toFixed(0)} ms</span>
              {a.error ? <span class="small">{a.error}</span> : null}
              {a.chaos ? <span class="small">{a.chaos}</span> : null}
            </p>
            {a.responseBody ? (
              <>
                <p class="small muted">Response body{a.responseTruncated ? ' (truncated)' : ''}</p>
                <pre>{pretty(a.responseBody)}</pre>
              </>
            ) : (
              <p class="small muted">Empty response body.</p>
            )}
          </article>
        ))
      )}
    </section>
  </DashboardShell>
)

/** The page opens with the latest events; the stream goes on from `after` (the newest committed event), so none is missed or shown twice. */
export const EventsPage: FC<{ view: DashView; recent: EmittedEvent[]; after: number }> = ({ view, recent, after }) => (
  <DashboardShell view={view} title="Live events" section="/events">
    <p class="muted">
      Every event of this emulator as it is emitted (the stream behind <code>GET /_emulator/events</code>), newest on
      top. Keep this page open while you check out on the storefront or pay orders.
    </p>
    <p>
      Stream:{' '}
      <span id="feed-status" class="badge warn">
        connecting…
      </span>
    </p>
    <p id="feed-empty" class="muted" hidden={recent.length > 0}>
      Waiting for events…
    </p>
    <ul
      id="feed"
      class="feed"
      aria-live="polite"
      data-feed={`${DASHBOARD_API}/emulator/events?lastEventId=${after}`}
      data-status="feed-status"
      data-kinds={JSON.stringify(WEBHOOK_EVENT_KINDS)}
    >
      {recent.map((event) => (
        <li data-kind={event.event}>
          <div class="spread">
            <strong>{event.event}</strong>
            <span class="muted small">
              #{event.sequence} · {event.createdAt}
            </span>
          </div>
          <pre>{JSON.stringify(event, null, 2)}</pre>
        </li>
      ))}
    </ul>
    <p class="small muted">
      From a terminal: <code>store webhooks listen --forward-to URL</code>. Dashboard:{' '}
      <a href={`${DASHBOARD}?shop=${encodeURIComponent(view.shop.slug)}`}>overview</a>.
    </p>
  </DashboardShell>
)
