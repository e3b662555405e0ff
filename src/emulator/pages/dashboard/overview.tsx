import type { FC } from 'hono/jsx'
import type { KeyRecord } from '../../../contract/rows.js'
import { ApiButton, ApiForm, CopyButton, Document, Facts, Input, Panel, Table } from '../layout.js'
import { when } from '../format.js'
import { DASHBOARD, DASHBOARD_API, DashboardShell, dashHref, type DashView } from './shell.js'

/** `sk_live_…wxyz`: a key as the dashboard shows it, from its stored prefix and last four. */
const maskedKey = (key: KeyRecord) => `${key.prefix}…${key.last4}`

export const LoginPage: FC<{ error?: string; next?: string }> = ({ error, next }) => (
  <Document title="Log in · store dashboard">
    <main id="main" class="login">
      <div class="panel">
        <h1>Emulator dashboard</h1>
        <p class="muted">
          Enter an API key of this emulator (the one <code>store serve</code> printed).
        </p>
        {error ? (
          <div class="notice bad" role="alert">
            {error}
          </div>
        ) : null}
        <form method="post" action={`${DASHBOARD}/login`}>
          <Input
            id="key"
            name="key"
            label="API key"
            type="password"
            autocomplete="current-password"
            required
            autofocus
            spellcheck={false}
            placeholder="sk_live_…"
          />
          {next ? <input type="hidden" name="next" value={next} /> : null}
          <div class="actions">
            <button type="submit">Log in</button>
          </div>
        </form>
      </div>
    </main>
  </Document>
)

export const OverviewPage: FC<{ view: DashView; keys: KeyRecord[]; currentKeyId: string; clockNow: string }> = ({
  view,
  keys,
  currentKeyId,
  clockNow,
}) => {
  const base = `${view.origin}/api/v1`
  const curl = [
    `export STORE_API_KEY=sk_live_…   # your key`,
    `curl -s ${base}/products \\`,
    `  -H "Authorization: Bearer $STORE_API_KEY" \\`,
    `  -H "X-Service-Shop: ${view.shop.slug}"`,
  ].join('\n')
  return (
    <DashboardShell view={view} title="Overview" section="/">
      <Panel id="api" title="API">
        <Facts
          rows={[
            [
              'Base URL',
              <>
                <code id="base-url">{base}</code> <CopyButton target="#base-url" label="Copy" />
              </>,
            ],
            [
              'Selected shop',
              <>
                {view.shop.name} · <code>{view.shop.slug}</code> · <code>{view.shop.id}</code>
              </>,
            ],
            [
              'Storefront',
              <a href={`/storefront/${encodeURIComponent(view.shop.slug)}`}>
                {`${view.origin}/storefront/${view.shop.slug}`}
              </a>,
            ],
            [
              'Emulator clock',
              <>
                {when(clockNow)} (<a href={dashHref(view, '/subscriptions')}>advance</a>)
              </>,
            ],
          ]}
        />
        <h3>Example request</h3>
        <pre id="curl">{curl}</pre>
        <div class="actions">
          <CopyButton target="#curl" label="Copy curl" />
        </div>
      </Panel>

      <Panel id="keys" title="API keys">
        <p class="muted small">A secret is shown once, when created.</p>
        <Table
          caption="API keys"
          rows={keys}
          columns={[
            ['Name', (key) => (key.id === currentKeyId ? `${key.name ?? '—'} (this session)` : (key.name ?? '—'))],
            ['Key', (key) => <code>{maskedKey(key)}</code>],
            ['Created', (key) => when(key.createdAt)],
            ['', (key) => <RevokeButton keyRecord={key} />],
          ]}
        />
        <ApiForm
          api={`${DASHBOARD_API}/emulator/keys`}
          submit="Create key"
          data-then="show"
          data-show="#new-key"
          data-show-field="secret"
          data-success="Key created. Copy the secret now: it is not shown again."
          class="row mt"
        >
          <Input id="key-name" name="name" label="Key name" placeholder="optional" />
        </ApiForm>
        <div id="new-key" hidden>
          <pre data-output="" id="new-key-secret"></pre>
          <CopyButton target="#new-key-secret" label="Copy secret" />
        </div>
      </Panel>

      <Panel id="shops" title="Shops">
        <p class="muted small">
          Requests choose a shop with <code>X-Service-Shop</code>; without it the oldest is used.
        </p>
        <Table
          caption="Shops"
          rows={view.shops}
          columns={[
            ['Name', (shop) => <a href={`${DASHBOARD}?shop=${encodeURIComponent(shop.slug)}`}>{shop.name}</a>],
            ['Slug', (shop) => <code>{shop.slug}</code>],
            ['Id', (shop) => <code>{shop.id}</code>],
            ['Created', (shop) => when(shop.createdAt)],
            ['', (shop) => <a href={`/storefront/${encodeURIComponent(shop.slug)}`}>Storefront</a>],
          ]}
        />
        <ApiForm api={`${DASHBOARD_API}/emulator/shops`} submit="Add shop" data-success="Shop added.">
          <Input id="shop-name" name="name" label="Name" required />
          <Input id="shop-slug" name="slug" label="Slug" required placeholder="my-shop" />
        </ApiForm>
      </Panel>
    </DashboardShell>
  )
}

const RevokeButton: FC<{ keyRecord: KeyRecord }> = ({ keyRecord: key }) => (
  <ApiButton
    class="danger"
    api={`${DASHBOARD_API}/emulator/keys/${encodeURIComponent(key.id)}`}
    label="Revoke"
    data-method="DELETE"
    data-confirm={`Revoke the key ${maskedKey(key)}? Requests using it will get 401.`}
    data-success="Key revoked."
  />
)
