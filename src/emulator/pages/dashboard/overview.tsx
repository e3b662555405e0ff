import type { FC } from 'hono/jsx'
import type { KeyRecord } from '../../../contract/rows.js'
import { ApiForm, Document, Facts, Input, Table } from '../layout.js'
import { maskedKey, when } from '../format.js'
import { DASHBOARD, DASHBOARD_API, DashboardShell, dashHref, type DashView } from './shell.js'

export const LoginPage: FC<{ error?: string; next?: string }> = ({ error, next }) => (
  <Document title="Log in · store dashboard">
    <main id="main" class="login">
      <div class="panel">
        <h1>Emulator dashboard</h1>
        <p class="muted">
          Enter an API key of this emulator (the one <code>store serve</code> printed, or the one passed with{' '}
          <code>--api-key</code>). It is checked once and never put in a URL; the session lives in this emulator's
          memory.
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
  const cli = `store products list --base-url ${base} --shop ${view.shop.slug}`
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
        <h3>Same with the CLI</h3>
        <pre>{cli}</pre>
      </section>

      <section class="panel" aria-labelledby="keys-h">
        <h2 id="keys-h">API keys</h2>
        <p class="muted small">
          Secrets are shown once, when created; afterwards only their prefix and last four characters.
        </p>
        <Table caption="API keys" head={['Name', 'Key', 'Created', '']}>
          {keys.map((key) => (
            <tr>
              <td>
                {key.name ?? '—'}
                {key.id === currentKeyId ? <span class="badge">this session</span> : null}
              </td>
              <td>
                <code>{maskedKey(key)}</code>
              </td>
              <td>{when(key.createdAt)}</td>
              <td>
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
              </td>
            </tr>
          ))}
        </Table>
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
          <input id="key-name" name="name" type="text" placeholder="name (optional)" class="w-16" />
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
          Send <code>X-Service-Shop: &lt;id or slug&gt;</code> to work on a shop; without it the oldest shop is used.
        </p>
        <Table caption="Shops" head={['Name', 'Slug', 'Id', 'Created', '']}>
          {view.shops.map((shop) => (
            <tr>
              <td>{shop.name}</td>
              <td>
                <code>{shop.slug}</code>
              </td>
              <td>
                <code>{shop.id}</code>
              </td>
              <td>{when(shop.createdAt)}</td>
              <td class="row">
                <a href={`${DASHBOARD}?shop=${encodeURIComponent(shop.slug)}`}>Manage</a>
                <a href={`/storefront/${encodeURIComponent(shop.slug)}`}>Storefront</a>
              </td>
            </tr>
          ))}
        </Table>
        <ApiForm api={`${DASHBOARD_API}/emulator/shops`} submit="Add shop" data-success="Shop added.">
          <div class="fields">
            <div>
              <Input id="shop-name" name="name" label="Name" required />
            </div>
            <div>
              <Input
                id="shop-slug"
                name="slug"
                label="Slug"
                required
                pattern="[a-z0-9][a-z0-9-]*[a-z0-9]"
                placeholder="my-shop"
              />
            </div>
          </div>
        </ApiForm>
      </section>

      <section class="panel" aria-labelledby="embed-h">
        <h2 id="embed-h">Embed</h2>
        <p class="muted small">
          Put this on any page (any origin) to sell a product without a redirect; each product's own code is on the{' '}
          <a href={dashHref(view, '/products')}>products page</a>.
        </p>
        <pre>{embedSnippet(view.origin, view.shop.slug, { product: 'PRODUCT_ID' })}</pre>
      </section>
    </DashboardShell>
  )
}

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
