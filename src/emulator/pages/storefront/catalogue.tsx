import type { FC } from 'hono/jsx'
import type { Group } from '../../../contract/groups.js'
import type { StorefrontProduct } from '../../../contract/storefront.js'
import type { MysteryPublic } from '../../../contract/mystery.js'
import { ApiForm, Badge, type Column, Facts, Input, Panel, SearchForm, Table, oddsColumns } from '../layout.js'
import { money, safeUrl } from '../format.js'
import { priceOrder } from '../../services/storefront/pricing.js'
import { StorefrontShell, storefrontHref, type ShopView } from './shell.js'

/** The gateways the emulator's checkout offers; any name up to 50 characters is accepted by the API. */
export const GATEWAYS: [string, string][] = [
  ['processor', 'Card (payment processor)'],
  ['wallet', 'Wallet'],
  ['crypto', 'Crypto'],
]

const isBuyable = (p: StorefrontProduct) => p.type !== 'InfoCard' && (p.stock === null || p.stock > 0)

const StockNote: FC<{ product: StorefrontProduct }> = ({ product }) =>
  product.type === 'InfoCard' ? null : product.stock === null ? (
    <span class="muted small">in stock</span>
  ) : product.stock > 0 ? (
    <span class="muted small">{product.stock} left</span>
  ) : (
    <Badge tone="bad">sold out</Badge>
  )

/** Products a page of the shop shows at most (the JSON storefront pages the same way). */
export const SHOP_PAGE_SIZE = 48

export interface ShopPageProps {
  shop: ShopView
  products: StorefrontProduct[]
  /** Bundles, shown on the first page. */
  groups: Group[]
  search: string
  /** Whether this page follows another (it came with a cursor). */
  isLater: boolean
  nextCursor: string | null
}

const shopPageHref = (shop: ShopView, search: string, cursor?: string) =>
  storefrontHref(shop, `?${new URLSearchParams({ q: search, ...(cursor ? { cursor } : {}) })}`)

export const ShopPage: FC<ShopPageProps> = ({ shop, products, groups, search, isLater, nextCursor }) => (
  <StorefrontShell shop={shop} title="Products" current="products">
    <h1>{shop.name}</h1>
    {shop.theme?.showSearch === false ? null : (
      <SearchForm action={storefrontHref(shop)} id="q" noun="products" value={search} />
    )}
    {products.length === 0 && groups.length === 0 ? (
      <p class="muted">{search ? `No product matches “${search}”.` : 'Nothing is on sale yet.'}</p>
    ) : null}
    <div class="grid products">
      {products.map((p) => {
        const image = safeUrl(p.image)
        return (
          <article class="card" data-product={p.productId}>
            {image ? <img src={image} alt="" loading="lazy" /> : null}
            <h2>
              <a href={storefrontHref(shop, `/p/${encodeURIComponent(p.productId)}`)}>{p.name}</a>
            </h2>
            <p class="muted small">{p.type === 'MysteryBox' ? 'Mystery box · provably fair' : p.type}</p>
            {p.description ? <p>{p.description}</p> : null}
            <div class="spread">
              {p.type === 'InfoCard' ? <span></span> : <span class="price">{money(p.price, p.currency)}</span>}
              <StockNote product={p} />
            </div>
            {isBuyable(p) ? (
              <a
                class="button"
                href={storefrontHref(shop, `/checkout?product=${encodeURIComponent(p.productId)}&quantity=1`)}
                aria-label={`Buy ${p.name}`}
              >
                Buy
              </a>
            ) : null}
          </article>
        )
      })}
      {groups.map((g) => (
        <article class="card" data-group={g.id}>
          <h2>{g.name}</h2>
          {g.description ? <p>{g.description}</p> : null}
          <BundleContents group={g} />
          <a class="button" href={storefrontHref(shop, `/checkout?group=${encodeURIComponent(g.id)}`)}>
            Buy the bundle
          </a>
        </article>
      ))}
    </div>
    {isLater || nextCursor ? (
      <nav class="pager" aria-label="Pages">
        {isLater ? <a href={shopPageHref(shop, search)}>First page</a> : null}
        {nextCursor ? (
          <a class="button secondary" href={shopPageHref(shop, search, nextCursor)} rel="next">
            Next page
          </a>
        ) : null}
      </nav>
    ) : null}
  </StorefrontShell>
)

export const ProductPage: FC<{ shop: ShopView; product: StorefrontProduct }> = ({ shop, product }) => {
  const image = safeUrl(product.image)
  const max = product.stock === null ? 10000 : product.stock
  return (
    <StorefrontShell shop={shop} title={product.name}>
      <div class={image ? 'hero' : ''}>
        {image ? <img src={image} alt="" /> : null}
        <div>
          <h1>{product.name}</h1>
          <p class="muted">{product.type === 'MysteryBox' ? 'Mystery box · provably fair' : product.type}</p>
          {product.description ? <p>{product.description}</p> : null}
          {product.type === 'InfoCard' ? (
            <p class="notice">This card is for information only; it cannot be bought.</p>
          ) : (
            <div class="panel">
              <p class="spread">
                <span class="price">{money(product.price, product.currency)}</span>
                <StockNote product={product} />
              </p>
              {isBuyable(product) ? (
                <form method="get" action={storefrontHref(shop, '/checkout')} class="row">
                  <input type="hidden" name="product" value={product.productId} />
                  <label for="qty" class="inline">
                    Quantity
                  </label>
                  <input id="qty" name="quantity" type="number" min="1" max={String(max)} value="1" />
                  <button type="submit">Buy now</button>
                </form>
              ) : null}
            </div>
          )}
        </div>
      </div>
      {product.mystery ? <MysteryOdds mystery={product.mystery} /> : null}
    </StorefrontShell>
  )
}

/** What a mystery box publishes before purchase (spec 7.1): the commitment, pool version and drop table. */
export function MysteryOdds<T extends MysteryPublic['outcomes'][number]>(props: {
  mystery: { commitment: string; poolVersion: number; outcomes: T[] }
  more?: Column<T>[]
}) {
  return (
    <Panel id="odds" title="Odds and commitment">
      <Facts
        rows={[
          ['Commitment', <code data-commitment="">{props.mystery.commitment}</code>],
          ['Pool version', <span data-pool-version="">{props.mystery.poolVersion}</span>],
        ]}
      />
      <p class="small muted">
        The commitment is SHA-256 of a secret server seed, fixed before you buy. Your invoice reveals the seed after
        payment, and your browser checks every roll against it.
      </p>
      <Table
        caption="Drop table"
        rows={props.mystery.outcomes}
        columns={[...oddsColumns<T>(), ...(props.more ?? [])]}
      />
    </Panel>
  )
}

const BundleContents: FC<{ group: Group }> = ({ group }) => (
  <>
    <ul>
      {group.products.map((p) => (
        <li>{`${p.name} — ${money(p.price)}`}</li>
      ))}
    </ul>
    {group.discountPercent ? <p>Bundle discount: {group.discountPercent}%</p> : null}
  </>
)

export interface CheckoutTarget {
  product?: StorefrontProduct
  group?: Group
  quantity: number
  /** Whether a line is a MysteryBox (offer the optional client seed). */
  hasMystery: boolean
}

export const CheckoutPage: FC<{ shop: ShopView; target: CheckoutTarget }> = ({ shop, target }) => {
  const { product, group, quantity, hasMystery } = target
  const title = product?.name ?? group?.name ?? ''
  const currency = product?.currency ?? 'USD'
  const total = priceOrder(
    product
      ? { lines: [{ price: product.price, quantity }] }
      : {
          lines: group!.products.map((p) => ({ price: p.price, quantity: 1 })),
          groupDiscountPercent: group!.discountPercent,
        },
  ).total
  return (
    <StorefrontShell shop={shop} title={`Checkout · ${title}`} current="checkout">
      <div class="narrow">
        <h1>Checkout</h1>
        <section class="panel" aria-label="Your order">
          <h2>{title}</h2>
          {product ? (
            <p>
              {money(product.price, product.currency)} each{product.stock !== null ? ` · ${product.stock} left` : ''}
            </p>
          ) : null}
          {group ? <BundleContents group={group} /> : null}
          <p class="spread order-total">
            <span>
              Total <span class="muted small">(before any coupon)</span>
            </span>
            <strong
              data-total=""
              data-total-of={product ? 'quantity' : undefined}
              data-unit-price={product ? String(product.price) : undefined}
              data-currency={currency}
              aria-live="polite"
            >
              {money(total, currency)}
            </strong>
          </p>
        </section>
        <ApiForm
          class="panel"
          api={storefrontHref(shop, '/checkout')}
          submit="Place order"
          notice="checkout-notice"
          data-then="go"
          data-go-field="invoiceUrl"
        >
          {product ? (
            <>
              <input type="hidden" name="items.0.productId" value={product.productId} />
              <Input
                id="quantity"
                name="items.0.quantity"
                label="Quantity"
                type="number"
                min="1"
                max={String(product.stock ?? 10000)}
                value={String(quantity)}
                required
                data-type="number"
              />
            </>
          ) : (
            <input type="hidden" name="groupId" value={group!.id} />
          )}
          <Input id="email" name="email" label="E-mail" type="email" required autocomplete="email" />
          <Input id="name" name="name" label="Name" autocomplete="name" />
          <Input id="coupon" name="couponCode" label="Coupon" autocomplete="off" />
          <fieldset>
            <legend>Pay with</legend>
            {GATEWAYS.map(([value, label], i) => (
              <label class="inline">
                <input type="radio" name="gateway" value={value} checked={i === 0} /> {label}
              </label>
            ))}
          </fieldset>
          {hasMystery ? (
            <Input
              id="client-seed"
              name="customFields.__mysteryClientSeed"
              label="Client seed (optional, 1–64 printable characters)"
              maxlength={64}
            />
          ) : null}
        </ApiForm>
      </div>
    </StorefrontShell>
  )
}
