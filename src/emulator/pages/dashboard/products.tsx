import type { FC } from 'hono/jsx'
import {
  type FulfilmentSetup,
  SubscriptionIntervalSchema,
  SubscriptionPlanSchema,
} from '../../../contract/fulfilment.js'
import type { Product } from '../../../contract/products.js'
import { ACCEPTS } from '../../services/catalogue/setup.js'
import { ApiForm, CopyButton, Facts, Input, NumberInput, Select, StateBadge, TextArea } from '../layout.js'
import { money, pretty, safeUrl, when } from '../format.js'
import { SafeLink } from '../handover.js'
import { MysteryOdds } from '../storefront/catalogue.js'
import { DASHBOARD_API, DashboardShell, type DashView } from './shell.js'
import { List, type Paged } from './paging.js'

export interface ProductRow {
  product: Product
  setup: FulfilmentSetup | null
}

/** Above this many codes the form does not prefill the pool (an empty field keeps it). */
const PREFILL_CODES = 2000

/** The embed code of a product (spec, "Embed"); the script loads its stylesheet. */
const embedSnippet = (origin: string, shopSlug: string, productId: string) =>
  `<script src="${origin}/embed.js" defer></script>\n` +
  `<button data-service-store="${shopSlug}" data-service-product="${productId}">Buy now</button>`

export const ProductsPage: FC<{ view: DashView; products: Paged<ProductRow> }> = ({ view, products }) => (
  <DashboardShell view={view} title="Products" section="/products">
    <p class="muted">
      Catalogue fields are edited through <code>/api/v1/products</code>; what happens on payment is set here (
      <code>PUT /_emulator/products/:id/fulfilment</code>).
    </p>
    <List
      view={view}
      path="/products"
      paged={products}
      noun="products"
      empty="No products yet."
      rowAttrs={({ product }) => ({ 'data-product': product.productId })}
      columns={[
        ['Name', ({ product }) => <a href={`#p-${product.id}`}>{product.name}</a>],
        ['Type', ({ product }) => (product.unlisted ? `${product.type}, unlisted` : product.type)],
        ['Status', ({ product }) => <StateBadge state={product.status} />],
        ['Price', ({ product }) => money(product.price, product.currency), 'num'],
        ['Stock', ({ product }) => product.stock ?? '∞', 'num'],
        ['Id', ({ product }) => <code>{product.productId}</code>],
      ]}
    />
    {products.rows.map((row) => (
      <ProductPanel view={view} row={row} />
    ))}
  </DashboardShell>
)

/** `every 1 month, 7-day trial`. */
function planText(plan: NonNullable<FulfilmentSetup['subscription']>): string {
  return `every ${plan.intervalCount} ${plan.interval.toLowerCase()}${plan.trialDays ? `, ${plan.trialDays}-day trial` : ', no trial'}`
}

const ProductPanel: FC<{ view: DashView; row: ProductRow }> = ({ view, row: { product, setup } }) => {
  const fields: readonly string[] = ACCEPTS[product.type]
  const formId = `setup-${product.id}`
  const image = safeUrl(product.image)
  const serials = setup?.serials ?? null
  return (
    <section class="panel" id={`p-${product.id}`} aria-labelledby={`p-${product.id}-h`}>
      <div class="spread">
        <h2 id={`p-${product.id}-h`}>{product.name}</h2>
        {product.status === 'Live' ? (
          <a href={`/storefront/${encodeURIComponent(view.shop.slug)}/p/${encodeURIComponent(product.productId)}`}>
            Storefront page
          </a>
        ) : null}
      </div>
      <Facts
        rows={[
          ['Id', <code>{product.id}</code>],
          ['Description', product.description || null],
          ['Image', image ? <SafeLink url={image} /> : null],
          ['Updated', when(product.updatedAt)],
          ['Message', setup?.deliveryMessage ? <span class="delivery-message">{setup.deliveryMessage}</span> : null],
          ['Dynamic webhook URL', setup?.dynamicWebhookUrl ? <code>{setup.dynamicWebhookUrl}</code> : null],
          ['Plan', setup?.subscription ? planText(setup.subscription) : null],
          ['Serial pool', serials ? `${serials.length} unused code${serials.length === 1 ? '' : 's'}` : null],
          [
            'Files',
            setup?.files.length
              ? setup.files.map((f) => (
                  <p>
                    <SafeLink url={f.url} label={f.name} />
                  </p>
                ))
              : null,
          ],
        ]}
      />
      {setup?.mystery ? (
        <MysteryOdds mystery={setup.mystery} more={[['Codes left', (o) => o.codes?.length ?? '—', 'num']]} />
      ) : null}

      {fields.length === 0 ? (
        <p class="muted">InfoCard products are display-only: nothing is sold or delivered.</p>
      ) : (
        <details>
          <summary>Edit delivery setup</summary>
          <ApiForm
            id={formId}
            api={`${DASHBOARD_API}/emulator/products/${encodeURIComponent(product.id)}/fulfilment`}
            submit="Save delivery setup"
            data-method="PUT"
            data-success={`Delivery setup of ${product.name} saved.`}
          >
            {fields.includes('deliveryMessage') ? (
              <TextArea
                id={`${formId}-msg`}
                label="Delivery message (shown on the invoice)"
                name="deliveryMessage"
                data-null-empty=""
                text={setup?.deliveryMessage ?? ''}
              />
            ) : null}
            {fields.includes('files') ? (
              <TextArea
                id={`${formId}-files`}
                label="Files, JSON [{name, url}]"
                name="files"
                data-type="json"
                data-null-empty=""
                text={setup?.files.length ? pretty(setup.files) : ''}
              />
            ) : null}
            {fields.includes('serials') ? (
              <TextArea
                id={`${formId}-serials`}
                label="Serial pool, one code per line (replaces the pool; stock follows it)"
                name="serials"
                data-type="lines"
                placeholder={serials && serials.length > PREFILL_CODES ? 'leave empty to keep the pool' : 'KEY-0001'}
                text={serials && serials.length <= PREFILL_CODES ? serials.join('\n') : ''}
              />
            ) : null}
            {fields.includes('dynamicWebhookUrl') ? (
              <Input
                id={`${formId}-dyn`}
                label="Dynamic webhook URL"
                name="dynamicWebhookUrl"
                type="url"
                value={setup?.dynamicWebhookUrl ?? ''}
                data-null-empty=""
              />
            ) : null}
            {fields.includes('mystery') ? (
              <TextArea
                id={`${formId}-mystery`}
                label="Drop table, JSON [{name, weight, stock, codes?}] (saving rotates the seed)"
                name="mystery.outcomes"
                data-type="json"
                rows={8}
                text={setup?.mystery ? pretty(setup.mystery.outcomes.map(({ chance, ...outcome }) => outcome)) : ''}
              />
            ) : null}
            {fields.includes('subscription') ? (
              <fieldset>
                <legend>Subscription plan</legend>
                <Select
                  id={`${formId}-int`}
                  label="Interval"
                  name="subscription.interval"
                  choices={SubscriptionIntervalSchema.options}
                  chosen={setup?.subscription?.interval ?? 'MONTH'}
                />
                <NumberInput
                  id={`${formId}-cnt`}
                  name="subscription.intervalCount"
                  label="Every"
                  schema={SubscriptionPlanSchema.shape.intervalCount}
                  value={String(setup?.subscription?.intervalCount ?? 1)}
                />
                <NumberInput
                  id={`${formId}-trial`}
                  name="subscription.trialDays"
                  label="Trial days"
                  schema={SubscriptionPlanSchema.shape.trialDays}
                  value={String(setup?.subscription?.trialDays ?? 0)}
                />
              </fieldset>
            ) : null}
          </ApiForm>
        </details>
      )}

      {fields.length > 0 ? (
        <details>
          <summary>Embed code</summary>
          <pre id={`embed-${product.id}`}>{embedSnippet(view.origin, view.shop.slug, product.productId)}</pre>
          <CopyButton target={`#embed-${product.id}`} label="Copy embed code" />
        </details>
      ) : null}
    </section>
  )
}
