import type { FC } from 'hono/jsx'
import { WEBHOOK_EVENT_KINDS } from '../../../contract/events.js'
import {
  WebhookChaosSchema,
  type EmittedEvent,
  type Webhook,
  type WebhookChaos,
  type WebhookDelivery,
  type WebhookDeliverySummary,
} from '../../../contract/webhooks.js'
import {
  ApiButton,
  ApiForm,
  CopyButton,
  Facts,
  Input,
  NumberInput,
  Panel,
  Select,
  StateBadge,
  Table,
} from '../layout.js'
import { pretty, when } from '../format.js'
import { DASHBOARD_API, DashboardShell, dashHref, type DashView } from './shell.js'

const simulateApi = (w: Webhook) => `${DASHBOARD_API}/emulator/webhooks/${encodeURIComponent(w.id)}/simulate`

const ResendButton: FC<{ delivery: { id: string } }> = ({ delivery }) => (
  <ApiButton
    class="secondary"
    api={`${DASHBOARD_API}/emulator/webhooks/logs/${encodeURIComponent(delivery.id)}/resend`}
    label="Resend"
    data-success="Delivery re-sent; the new attempt is at the top of the log."
  />
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
    <Panel id="endpoints" title="Endpoints">
      <p class="muted small">Each endpoint gets a POST per subscribed event; failed deliveries are retried.</p>
      <Table
        caption="Webhook endpoints"
        rows={webhooks}
        empty="No endpoints yet."
        rowAttrs={(w) => ({ 'data-webhook': w.id })}
        columns={[
          ['URL', (w) => <code>{w.url}</code>, 'url'],
          ['Events', (w) => (w.events.length === WEBHOOK_EVENT_KINDS.length ? 'all' : w.events.join(', ')), 'small'],
          ['Chaos', (w) => <span data-chaos="">{w.chaos ? chaosText(w.chaos) : 'none'}</span>, 'small'],
          ['Created', (w) => when(w.createdAt), 'nowrap'],
          [
            '',
            (w) => (
              <ApiButton
                class="danger"
                api={`${DASHBOARD_API}/emulator/webhooks/${encodeURIComponent(w.id)}`}
                label="Delete"
                data-method="DELETE"
                data-confirm={`Delete the endpoint ${w.url}?`}
                data-success="Endpoint deleted."
              />
            ),
          ],
        ]}
      />
      <details open={webhooks.length === 0}>
        <summary>Add an endpoint</summary>
        <ApiForm
          api={`${DASHBOARD_API}/emulator/webhooks`}
          submit="Add endpoint"
          data-success="Endpoint added."
          id="add-webhook"
        >
          <Input id="webhook-url" name="url" label="URL" type="url" required />
          <fieldset>
            <legend>Events (at least one)</legend>
            <label class="inline">
              <input type="checkbox" data-check-all="" data-skip="" /> <strong>all events</strong>
            </label>
            {WEBHOOK_EVENT_KINDS.map((kind) => (
              <label class="inline">
                <input type="checkbox" name="events" value={kind} data-type="checks" /> {kind}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Delivery chaos (optional; duplicate is a share from 0 to 1)</legend>
            {(['duplicate', 'reorderMs', 'delayMs', 'failFirst', 'seed'] as const).map((name) => (
              <NumberInput
                id={`chaos-${name}`}
                name={`chaos.${name}`}
                label={name}
                schema={WebhookChaosSchema.shape[name]}
              />
            ))}
          </fieldset>
        </ApiForm>
      </details>
    </Panel>

    <Panel id="sim" title="Simulator">
      <p class="muted small">Sends a test delivery of any event kind, with sample data, to one endpoint.</p>
      {webhooks.length === 0 ? (
        <p>Add an endpoint first.</p>
      ) : (
        <ApiForm
          id="simulate"
          api={simulateApi(webhooks[0])}
          submit="Send test delivery"
          data-success="Test delivery sent; it is at the top of the log."
        >
          <Select
            id="sim-endpoint"
            label="Endpoint"
            data-skip=""
            data-sets-api=""
            choices={webhooks.map((w) => [simulateApi(w), w.url] as const)}
          />
          <Select id="sim-event" name="event" label="Event" choices={WEBHOOK_EVENT_KINDS} />
        </ApiForm>
      )}
    </Panel>

    <Panel id="log" title="Delivery log">
      <Table
        caption="Webhook deliveries"
        rows={deliveries}
        empty="Nothing delivered yet."
        rowAttrs={(d) => ({ 'data-delivery': d.id, 'data-event': d.event })}
        columns={[
          ['Created', (d) => when(d.createdAt), 'nowrap'],
          ['Event', (d) => <code>{d.event}</code>],
          ['URL', (d) => <code>{d.url}</code>, 'small url'],
          ['State', (d) => <StateBadge state={d.state} />],
          ['Response', (d) => d.responseStatus ?? '—', 'num'],
          ['Retries', (d) => d.retryCount, 'num'],
          ['Origin', (d) => (d.resendOf ? `${d.origin} of ${d.resendOf}` : d.origin), 'small'],
          [
            '',
            (d) => (
              <span class="row nowrap">
                <DeliveryLink view={view} id={d.id} label="View" />
                <ResendButton delivery={d} />
              </span>
            ),
          ],
        ]}
      />
    </Panel>
  </DashboardShell>
)

const DeliveryLink: FC<{ view: DashView; id: string; label?: string }> = ({ view, id, label }) => (
  <a href={dashHref(view, `/webhooks/logs/${encodeURIComponent(id)}`)}>{label ?? <code>{id}</code>}</a>
)

export const DeliveryPage: FC<{ view: DashView; delivery: WebhookDelivery }> = ({ view, delivery: d }) => (
  <DashboardShell view={view} title={`Delivery of ${d.event}`} section="/webhooks">
    <section class="panel" aria-label="Delivery">
      <Facts
        rows={[
          ['Id', <code>{d.id}</code>],
          ['URL', <code>{d.url}</code>],
          ['Event', <code>{d.event}</code>],
          [
            'State',
            <>
              <StateBadge state={d.state} />
              {d.nextAttemptAt ? <span class="muted small"> next attempt {when(d.nextAttemptAt)}</span> : null}
            </>,
          ],
          ['Response status', d.responseStatus ?? 'none'],
          ['Retries', `${d.retryCount} of ${d.maxAttempts - 1}`],
          ['Origin', d.origin],
          ['Resend of', d.resendOf ? <DeliveryLink view={view} id={d.resendOf} /> : null],
          [
            'Chaos',
            d.chaos ? (
              <span data-chaos="">
                seed {d.chaos.seed}, draw {d.chaos.draw}: held {d.chaos.delayMs + d.chaos.holdMs} ms
                {d.chaos.failFirst ? `, first ${d.chaos.failFirst} attempts counted as failed` : ''}
              </span>
            ) : null,
          ],
          ['Duplicate of', d.chaos?.duplicateOf ? <DeliveryLink view={view} id={d.chaos.duplicateOf} /> : null],
          ['Created', when(d.createdAt)],
        ]}
      />
      <div class="actions">
        <ResendButton delivery={d} />
      </div>
    </section>
    <Panel id="payload" title="Payload (exactly as sent)">
      <pre id="payload" data-payload="">
        {d.payload}
      </pre>
      <CopyButton target="#payload" label="Copy payload" />
    </Panel>
    <Panel id="attempts" title="Attempts">
      {d.attempts.length === 0 ? (
        <p>No attempt yet.</p>
      ) : (
        d.attempts.map((a) => (
          <article class="stack" data-attempt={String(a.attempt)}>
            <h3>
              Attempt {a.attempt} · {when(a.at)}
            </h3>
            <p class="row">
              <StateBadge state={a.status ?? 'no answer'} />
              <span class="muted small">{a.durationMs.toFixed(0)} ms</span>
              {a.error ? <span class="small">{a.error}</span> : null}
              {a.chaos ? <span class="small">{a.chaos}</span> : null}
            </p>
            {a.responseTruncated ? <p class="small muted">The response body, cut:</p> : null}
            {a.responseBody ? <pre>{pretty(a.responseBody)}</pre> : <p class="small muted">Empty response body.</p>}
          </article>
        ))
      )}
    </Panel>
  </DashboardShell>
)

/** The latest events; the stream goes on from `after` (the newest committed event), so none is missed. */
export const EventsPage: FC<{ view: DashView; recent: EmittedEvent[]; after: number }> = ({ view, recent, after }) => (
  <DashboardShell view={view} title="Live events" section="/events">
    <p class="muted">
      Every event as it is emitted, newest on top (from a terminal: <code>store webhooks listen</code>).
    </p>
    <p>
      Stream:{' '}
      <span
        id="feed-status"
        class="badge warn"
        data-stream={`${DASHBOARD_API}/emulator/events?lastEventId=${after}`}
        data-rows="feed feed-empty"
        data-kinds={JSON.stringify(WEBHOOK_EVENT_KINDS)}
      >
        connecting…
      </span>
    </p>
    <p id="feed-empty" class="muted" hidden={recent.length > 0}>
      Waiting for events…
    </p>
    <ul id="feed" class="feed" aria-live="polite">
      {recent.map((event) => (
        <li data-kind={event.event}>
          <div class="spread">
            <strong>{event.event}</strong>
            <span class="muted small">{`#${event.sequence} · ${event.createdAt}`}</span>
          </div>
          <pre>{JSON.stringify(event, null, 2)}</pre>
        </li>
      ))}
    </ul>
  </DashboardShell>
)
