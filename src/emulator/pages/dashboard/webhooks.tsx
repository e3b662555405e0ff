import type { FC } from 'hono/jsx'
import {
  FEEDBACK_EVENT_KINDS,
  ORDER_EVENT_KINDS,
  PRODUCT_EVENT_KINDS,
  QUERY_EVENT_KINDS,
  SUBSCRIPTION_EVENT_KINDS,
  WEBHOOK_EVENT_KINDS,
} from '../../../contract/events.js'
import {
  WebhookChaosSchema,
  type EmittedEvent,
  type Webhook,
  type WebhookChaos,
  type WebhookDelivery,
  type WebhookDeliverySummary,
} from '../../../contract/webhooks.js'
import { ApiForm, Badge, Facts, Input, NumberInput, Table } from '../layout.js'
import { pretty, when } from '../format.js'
import { DASHBOARD, DASHBOARD_API, DashboardShell, dashHref, type DashView } from './shell.js'

const KIND_GROUPS: [string, readonly string[]][] = [
  ['Order', ORDER_EVENT_KINDS],
  ['Product', PRODUCT_EVENT_KINDS],
  ['Subscription', SUBSCRIPTION_EVENT_KINDS],
  ['Query', QUERY_EVENT_KINDS],
  ['Feedback', FEEDBACK_EVENT_KINDS],
]

const CHAOS_FIELDS: [keyof WebhookChaos, string][] = [
  ['duplicate', 'Share delivered twice (0 to 1)'],
  ['reorderMs', 'Reorder window (ms)'],
  ['delayMs', 'Delay (ms)'],
  ['failFirst', 'Attempts counted as failed'],
  ['seed', 'Seed'],
]

const stateTone = (state: string) => (state === 'delivered' ? 'ok' : state === 'failed' ? 'bad' : 'warn')

const ResendButton: FC<{ delivery: { id: string } }> = ({ delivery }) => (
  <button
    type="button"
    class="secondary"
    data-api={`${DASHBOARD_API}/emulator/webhooks/logs/${encodeURIComponent(delivery.id)}/resend`}
    data-success="Delivery re-sent; the new attempt is at the top of the log."
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
        <ApiForm
          api={`${DASHBOARD_API}/emulator/webhooks`}
          submit="Add endpoint"
          data-success="Endpoint added."
          id="add-webhook"
        >
          <Input
            id="webhook-url"
            name="url"
            label="URL"
            type="url"
            required
            placeholder="http://127.0.0.1:3000/webhooks"
          />
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
            {CHAOS_FIELDS.map(([name, label]) => (
              <NumberInput
                id={`chaos-${name}`}
                name={`chaos.${name}`}
                label={label}
                schema={WebhookChaosSchema.shape[name]}
              />
            ))}
          </fieldset>
        </ApiForm>
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
        <ApiForm
          id="simulate"
          api={`${DASHBOARD_API}/emulator/webhooks/${encodeURIComponent(webhooks[0].id)}/simulate`}
          submit="Send test delivery"
          data-success="Test delivery sent; it is at the top of the log."
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
        </ApiForm>
      )}
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

const DeliveryLink: FC<{ view: DashView; id: string }> = ({ view, id }) => (
  <a href={dashHref(view, `/webhooks/logs/${encodeURIComponent(id)}`)}>
    <code>{id}</code>
  </a>
)

export const DeliveryPage: FC<{ view: DashView; delivery: WebhookDelivery }> = ({ view, delivery: d }) => (
  <DashboardShell view={view} title={`Delivery of ${d.event}`} section="/webhooks">
    <p>
      <a href={dashHref(view, '/webhooks')}>← Webhooks</a>
    </p>
    <section class="panel" aria-label="Delivery">
      <Facts
        rows={[
          ['Id', <code>{d.id}</code>],
          ['URL', <code>{d.url}</code>],
          ['Event', <code>{d.event}</code>],
          [
            'State',
            <>
              <Badge tone={stateTone(d.state)}>{d.state}</Badge>
              {d.nextAttemptAt ? <span class="muted small"> next attempt {when(d.nextAttemptAt)}</span> : null}
            </>,
          ],
          ['Response status', d.responseStatus ?? 'none'],
          ['Retries', `${d.retryCount} of ${d.maxAttempts - 1}`],
          [
            'Origin',
            <>
              {d.origin}
              {d.resendOf ? (
                <>
                  {' '}
                  of <DeliveryLink view={view} id={d.resendOf} />
                </>
              ) : null}
            </>,
          ],
          [
            'Chaos',
            d.chaos ? (
              <span data-chaos="">
                seed {d.chaos.seed}, draw {d.chaos.draw}: held {d.chaos.delayMs + d.chaos.holdMs} ms
                {d.chaos.failFirst ? `, first ${d.chaos.failFirst} attempts counted as failed` : ''}
                {d.chaos.duplicateOf ? (
                  <>
                    , a duplicate of <DeliveryLink view={view} id={d.chaos.duplicateOf} />
                  </>
                ) : null}
              </span>
            ) : null,
          ],
          ['Created', when(d.createdAt)],
        ]}
      />
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
