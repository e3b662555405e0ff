import type { FC, PropsWithChildren } from 'hono/jsx'
import type { AccountRecord, ShopRecord } from '../../../contract/rows.js'
import { Document, Notice, TopBar } from '../layout.js'

export const DASHBOARD = '/_dashboard'
/** The session-authenticated mirror of the control API and /api/v1 used by the pages' scripts. */
export const DASHBOARD_API = `${DASHBOARD}/api`

/** What every dashboard page knows: who is logged in, which shop is shown, where the emulator answers. */
export interface DashView {
  account: AccountRecord
  shops: ShopRecord[]
  shop: ShopRecord
  /** `http://127.0.0.1:4010`, from the request: the base of every URL the pages print. */
  origin: string
}

export function dashHref(view: DashView, path: string): string {
  const [base, query] = path.split('?')
  const params = new URLSearchParams(query)
  params.set('shop', view.shop.slug)
  return `${DASHBOARD}${base === '/' ? '' : base}?${params.toString()}`
}

const SECTIONS: [string, string][] = [
  ['/', 'Overview'],
  ['/products', 'Products'],
  ['/orders', 'Orders'],
  ['/customers', 'Customers'],
  ['/subscriptions', 'Subscriptions'],
  ['/queries', 'Queries'],
  ['/webhooks', 'Webhooks'],
  ['/events', 'Live events'],
  ['/requests', 'Requests'],
  ['/reference', 'API reference'],
]

export const DashboardShell: FC<
  PropsWithChildren<{ view: DashView; title: string; section: string; scripts?: string[]; styles?: string[] }>
> = ({ view, title, section, scripts = [], styles, children }) => (
  <Document
    title={`${title} · ${view.shop.name} · store dashboard`}
    scripts={['pages.js', ...scripts]}
    styles={styles}
    bodyAttrs={{ 'data-shop': view.shop.id }}
  >
    <TopBar
      brand="store · emulator dashboard"
      brandHref={dashHref(view, '/')}
      label="Dashboard"
      nav={SECTIONS.map(([path, label]) => ({ href: dashHref(view, path), label, current: path === section }))}
    >
      <div class="tools">
        <form method="get" action={`${DASHBOARD}${section === '/' ? '' : section}`} class="row">
          <label class="skip" for="shop-switch">
            Shop
          </label>
          <select id="shop-switch" name="shop" data-autosubmit="">
            {view.shops.map((shop) => (
              <option value={shop.slug} selected={shop.id === view.shop.id}>
                {shop.name} ({shop.slug})
              </option>
            ))}
          </select>
        </form>
        <form method="post" action={`${DASHBOARD}/logout`}>
          <button type="submit" class="secondary">
            Log out
          </button>
        </form>
      </div>
    </TopBar>
    <main id="main">
      <h1>{title}</h1>
      <Notice id="flash" />
      {children}
    </main>
  </Document>
)
