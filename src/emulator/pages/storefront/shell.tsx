import type { FC, PropsWithChildren } from 'hono/jsx'
import { Document, Notice, TopBar } from '../layout.js'
import type { ThemeView } from './theme.js'

export interface ShopView {
  name: string
  slug: string
  /** The shop's active theme; without it the pages keep their own style. */
  theme?: ThemeView
}

export const storefrontHref = (shop: ShopView, path = '') => `/storefront/${encodeURIComponent(shop.slug)}${path}`

export const StorefrontShell: FC<
  PropsWithChildren<{ shop: ShopView; title: string; scripts?: string[]; current?: 'products' | 'checkout' }>
> = ({ shop, title, scripts = [], current, children }) => (
  <Document
    title={`${title} · ${shop.name}`}
    scripts={['pages.js', ...scripts]}
    styles={shop.theme ? [storefrontHref(shop, `/theme.css?v=${encodeURIComponent(shop.theme.version)}`)] : []}
  >
    {shop.theme?.announcement ? (
      <aside class="announcement" aria-label="Announcement">
        {shop.theme.announcement}
      </aside>
    ) : null}
    <TopBar
      brand={shop.name}
      brandHref={storefrontHref(shop)}
      label="Shop"
      nav={[{ href: storefrontHref(shop), label: 'Products', current: current === 'products' }]}
    />
    <main id="main">
      <Notice id="flash" />
      {children}
    </main>
    <footer class="page">
      {shop.theme?.footer ? <p class="shop-footer">{shop.theme.footer}</p> : null}
      Served by the <code>store</code> emulator — a local stand-in for the hosted storefront.
    </footer>
  </Document>
)
