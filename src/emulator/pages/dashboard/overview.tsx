import type { FC } from 'hono/jsx'
import type { KeyRecord } from '../../../contract/rows.js'
import { ApiForm, Document, Facts, Input, Table } from '../layout.js'
import { when } from '../format.js'

/** `sk_live_…wxyz`: a key as the dashboard shows it, from its stored prefix and last four. */
const maskedKey = (key: KeyRecord) => `${key.prefix}…${key.last4}`
import { DASHBOARD, DASHBOARD_API, DashboardShell, dashHref, type DashView } from './shell.js'

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
      <section class="panel" aria-labelledby="api-h">
        <h2 id="api-h">API</h2>
        <Facts
          rows={[
            [
              'Base URL',
              <>
                <code id="base-url">{base}</code>{' '}
                <button type="button" class="secondary" data-copy="#base-url">
                  Copy
                </button>
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
          <button type="button" class="secondary" data-copy="#curl">
            Copy curl
          </button>
        </div>
      </section>

      <section class="panel" aria-labelledby="keys-h">
        <h2 id="keys-h">API keys</h2>
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
          inline
          data-then="show"
          data-show="#new-key"
          data-show-field="secret"
          data-success="Key created. Copy the secret now: it is not shown again."
          class="row mt"
        >
          <label class="skip" for="key-name">
            Key name
          </label>
          <input id="key-name" name="name" type="text" placeholder="name (optional)" />
        </ApiForm>
        <div id="new-key" hidden>
          <pre data-output="" id="new-key-secret"></pre>
          <button type="button" class="secondary" data-copy="#new-key-secret">
            Copy secret
          </button>
        </div>
      </section>

      <section class="panel" aria-labelledby="shops-h">
        <h2 id="shops-h">Shops</h2>
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
      </section>
    </DashboardShell>
  )
}

const RevokeButton: FC<{ keyRecord: KeyRecord }> = ({ keyRecord: key }) => (
  <button
    type="button"
    class="danger"
    data-api={`${DASHBOARD_API}/emulator/keys/${encodeURIComponent(key.id)}`}
    data-method="DELETE"
    data-confirm={`Revoke the key ${maskedKey(key)}? Requests using it will get 401.`}
    data-success="Key revoked."
  >
    Revoke
  </button>
)

/** The embed code the dashboard generates: script, stylesheet and a button (spec, "Embed"). */
export function embedSnippet(
  origin: string,
  shopSlug: string,
  target: { product?: string; group?: string },
  label = 'Buy now',
): string {
  const attr = target.product ? `data-service-product="${target.product}"` : `data-service-group="${target.group}"`
  return [
    `<link rel="stylesheet" href="${origin}/embed.css">`,
    `<script src="${origin}/embed.js" defer></script>`,
    `<button data-service-store="${shopSlug}" ${attr}>${label}</button>`,
  ].join('\n')
}
