import type { FC } from 'hono/jsx'
import { ASSETS } from '../layout.js'
import { DashboardShell, dashHref, type DashView } from './shell.js'

export const REFERENCE_DOCUMENTS = {
  api: { label: 'API (/api/v1)', url: '/api/v1/openapi.json' },
  control: { label: 'Control API and storefront', url: '/_emulator/openapi.json' },
} as const
export type ReferenceDocument = keyof typeof REFERENCE_DOCUMENTS

/** Swagger UI over the emulator's own OpenAPI documents; "Try it out" runs as the signed-in user. */
export const ReferencePage: FC<{ view: DashView; document: ReferenceDocument; assets: string }> = ({
  view,
  document,
  assets,
}) => (
  <DashboardShell
    view={view}
    title="API reference"
    section="/reference"
    scripts={[`${assets}/swagger-ui-bundle.js`, 'reference.js']}
    styles={[`${ASSETS}/${assets}/swagger-ui.css`, `${ASSETS}/reference.css`]}
  >
    <nav class="row" aria-label="Documents">
      {Object.entries(REFERENCE_DOCUMENTS).map(([name, d]) => (
        <a
          class={name === document ? 'button' : 'button secondary'}
          href={dashHref(view, `/reference?doc=${name}`)}
          aria-current={name === document ? 'page' : undefined}
        >
          {d.label}
        </a>
      ))}
    </nav>
    <p class="muted small">
      “Try it out” sends real requests to this emulator as you, in shop <code>{view.shop.slug}</code> unless you fill{' '}
      <code>X-Service-Shop</code>; they show up on the Requests page. The document itself:{' '}
      <a href={REFERENCE_DOCUMENTS[document].url}>
        <code>{REFERENCE_DOCUMENTS[document].url}</code>
      </a>{' '}
      (import it into Postman or Insomnia, or generate a client with openapi-typescript).
    </p>
    <div id="reference" data-document={REFERENCE_DOCUMENTS[document].url}>
      <p class="muted">Loading the reference…</p>
    </div>
  </DashboardShell>
)
