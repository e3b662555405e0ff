import type { FC, PropsWithChildren } from 'hono/jsx'
import { Document, Notice, TopBar } from '../layout.js'

export interface ShopView {
  name: string
  slug: string
}

export const storefrontHref = (shop: ShopView, path = '') => `/storefront/${encodeURIComponent(shop.slug)}${path}`

export const StorefrontShell: FC<
  PropsWithChildren<{ shop: ShopView; title: string; scripts?: string[]; current?: 'products' | 'checkout' }>
> = ({ shop, title, scripts = [], current, children }) => (
  <Document title={`${title} · ${shop.name}`} scripts={['pages.js', ...scripts]}>
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
      Served by the <code>store</code> emulator — a local stand-in for the hosted storefront.
    </footer>
  </Document>
)
