import type { FC } from 'hono/jsx'
import {
  type FulfilmentSetup,
  SubscriptionIntervalSchema,
  SubscriptionPlanSchema,
} from '../../../contract/fulfilment.js'
import type { Product } from '../../../contract/products.js'
import { ACCEPTS } from '../../services/catalogue/setup.js'
import { ApiForm, Badge, Facts, Input, NumberInput, OddsCells, Table } from '../layout.js'
import { money, pretty, safeUrl, when } from '../format.js'
import { embedSnippet } from './overview.js'
import { DASHBOARD_API, DashboardShell, type DashView } from './shell.js'
import { ListControls, type Paged } from './paging.js'

export interface ProductRow {
  product: Product
  setup: FulfilmentSetup | null
}

/** Above this many codes the form does not prefill the pool (an empty field keeps it). */
const PREFILL_CODES = 2000

const statusTone = (status: string) => (status === 'Live' ? 'ok' : status === 'Archived' ? 'bad' : 'warn')

export const ProductsPage: FC<{ view: DashView; products: Paged<ProductRow> }> = ({ view, products }) => {
  const rows = products.rows
  return (
    <DashboardShell view={view} title="Products" section="/products">
      <p class="muted">
        Every product of <strong>{view.shop.name}</strong> in any status, newest first. Catalogue fields are edited
        through <code>/api/v1/products</code>; what happens on payment — delivery message, files, serial pool, dynamic
        URL, mystery drop table, subscription plan — is set here (<code>PUT /_emulator/products/:id/fulfilment</code>).
      </p>
      <ListControls view={view} path="/products" paged={products} noun="products" />
      {rows.length === 0 && products.search ? <p>No product matches “{products.search}”.</p> : null}
      <Table caption="Products" head={['Name', 'Type', 'Status', 'Price', 'Stock', 'Delivery setup', 'Id']}>
        {rows.map(({ product, setup }) => (
          <tr data-product={product.productId}>
            <td>
              <a href={`#p-${product.id}`}>{product.name}</a>
              {product.unlisted ? (
                <>
                  {' '}
                  <Badge>unlisted</Badge>
                </>
              ) : null}
            </td>
            <td>{product.type}</td>
            <td>
              <Badge tone={statusTone(product.status)}>{product.status}</Badge>
            </td>
            <td class="num">{money(product.price, product.currency)}</td>
            <td class="num" data-stock>
              {product.stock === null ? '∞' : product.stock}
            </td>
            <td>{setupSummary(product, setup)}</td>
            <td>
              <code>{product.productId}</code>
            </td>
          </tr>
        ))}
      </Table>
      {rows.map((row) => (
        <ProductPanel view={view} row={row} />
      ))}
    </DashboardShell>
  )
}

function setupSummary(product: Product, setup: FulfilmentSetup | null): string {
  if (product.type === 'InfoCard') return 'display only'
  if (!setup) return 'not set up'
  const parts: string[] = []
  if (setup.serials) parts.push(`${setup.serials.length} code${setup.serials.length === 1 ? '' : 's'} in pool`)
  if (setup.files.length) parts.push(`${setup.files.length} file${setup.files.length === 1 ? '' : 's'}`)
  if (setup.dynamicWebhookUrl) parts.push('dynamic URL')
  if (setup.mystery) parts.push(`${setup.mystery.outcomes.length} outcomes, pool v${setup.mystery.poolVersion}`)
  if (setup.subscription) parts.push(planText(setup.subscription, ''))
  if (setup.deliveryMessage) parts.push('message')
  return parts.join(' · ') || 'not set up'
}

/** `every 1 month, 7-day trial`. */
function planText(plan: NonNullable<FulfilmentSetup['subscription']>, noTrial: string): string {
  return `every ${plan.intervalCount} ${plan.interval.toLowerCase()}${plan.trialDays ? `, ${plan.trialDays}-day trial` : noTrial}`
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
        <div class="row">
          <Badge tone={statusTone(product.status)}>{product.status}</Badge>
          {product.status === 'Live' ? (
            <a href={`/storefront/${encodeURIComponent(view.shop.slug)}/p/${encodeURIComponent(product.productId)}`}>
              Storefront page
            </a>
          ) : null}
        </div>
      </div>
      <Facts
        rows={[
          ['Type', product.type],
          [
            'Ids',
            <>
              <code>{product.id}</code> · <code>{product.productId}</code>
            </>,
          ],
          ['Price', money(product.price, product.currency)],
          ['Stock', product.stock === null ? 'unlimited' : product.stock],
          ['Description', product.description || null],
          [
            'Image',
            image ? (
              <a href={image} rel="noopener noreferrer">
                {image}
              </a>
            ) : null,
          ],
          ['Updated', when(product.updatedAt)],
        ]}
      />

      {setup?.deliveryMessage || setup?.dynamicWebhookUrl || setup?.subscription ? (
        <>
          <h3>Delivery setup</h3>
          <Facts
            rows={[
              ['Message', setup.deliveryMessage ? <span class="delivery-message">{setup.deliveryMessage}</span> : null],
              ['Dynamic webhook URL', setup.dynamicWebhookUrl ? <code>{setup.dynamicWebhookUrl}</code> : null],
              ['Plan', setup.subscription ? planText(setup.subscription, ', no trial') : null],
            ]}
          />
        </>
      ) : null}
      {setup?.mystery ? <MysteryTable mystery={setup.mystery} /> : null}
      {serials ? (
        <p>
          <strong>Serial pool:</strong> {serials.length} unused code{serials.length === 1 ? '' : 's'} (stock follows the
          pool).
        </p>
      ) : null}
      {setup?.files.length ? (
        <>
          <h3>Files</h3>
          <ul>
            {setup.files.map((f) => (
              <li>
                {f.name} —{' '}
                {safeUrl(f.url) ? (
                  <a href={safeUrl(f.url)} rel="noopener noreferrer">
                    {f.url}
                  </a>
                ) : (
                  <code>{f.url}</code>
                )}
              </li>
            ))}
          </ul>
        </>
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
              <>
                <label for={`${formId}-msg`}>Delivery message (shown on the invoice)</label>
                <textarea id={`${formId}-msg`} name="deliveryMessage" data-null-empty="">
                  {setup?.deliveryMessage ?? ''}
                </textarea>
              </>
            ) : null}
            {fields.includes('files') ? (
              <>
                <label for={`${formId}-files`}>
                  Files, one per line: <code>name | https://url</code>
                </label>
                <textarea id={`${formId}-files`} name="files" data-type="files" data-null-empty="">
                  {(setup?.files ?? []).map((f) => `${f.name} | ${f.url}`).join('\n')}
                </textarea>
              </>
            ) : null}
            {fields.includes('serials') ? (
              <>
                <label for={`${formId}-serials`}>
                  Serial pool, one code per line (replaces the pool; stock follows it)
                </label>
                <textarea
                  id={`${formId}-serials`}
                  name="serials"
                  data-type="lines"
                  placeholder={
                    serials && serials.length > PREFILL_CODES
                      ? `${serials.length} codes — leave empty to keep them`
                      : 'KEY-0001'
                  }
                >
                  {serials && serials.length <= PREFILL_CODES ? serials.join('\n') : ''}
                </textarea>
              </>
            ) : null}
            {fields.includes('dynamicWebhookUrl') ? (
              <Input
                id={`${formId}-dyn`}
                label={
                  <>
                    Dynamic webhook URL (receives <code>INVOICE.ITEM.DELIVER-DYNAMIC</code>)
                  </>
                }
                name="dynamicWebhookUrl"
                type="url"
                value={setup?.dynamicWebhookUrl ?? ''}
                data-null-empty=""
                placeholder="http://127.0.0.1:4011/deliver"
              />
            ) : null}
            {fields.includes('mystery') ? (
              <>
                <label for={`${formId}-mystery`}>
                  Drop table (JSON:{' '}
                  <code>
                    [{'{'}"name", "weight", "stock", "codes"?{'}'}]
                  </code>
                  ; saving rotates the seed and bumps the pool version)
                </label>
                <textarea id={`${formId}-mystery`} name="mystery.outcomes" data-type="json" rows={8}>
                  {setup?.mystery
                    ? pretty(
                        setup.mystery.outcomes.map((o) => ({
                          name: o.name,
                          weight: o.weight,
                          stock: o.stock,
                          ...(o.codes ? { codes: o.codes } : {}),
                        })),
                      )
                    : ''}
                </textarea>
              </>
            ) : null}
            {fields.includes('subscription') ? (
              <fieldset>
                <legend>Subscription plan</legend>
                <div class="fields">
                  <div>
                    <label for={`${formId}-int`}>Interval</label>
                    <select id={`${formId}-int`} name="subscription.interval">
                      {SubscriptionIntervalSchema.options.map((i) => (
                        <option value={i} selected={(setup?.subscription?.interval ?? 'MONTH') === i}>
                          {i}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <NumberInput
                      id={`${formId}-cnt`}
                      name="subscription.intervalCount"
                      label="Every"
                      schema={SubscriptionPlanSchema.shape.intervalCount}
                      value={String(setup?.subscription?.intervalCount ?? 1)}
                    />
                  </div>
                  <div>
                    <NumberInput
                      id={`${formId}-trial`}
                      name="subscription.trialDays"
                      label="Trial days"
                      schema={SubscriptionPlanSchema.shape.trialDays}
                      value={String(setup?.subscription?.trialDays ?? 0)}
                    />
                  </div>
                </div>
              </fieldset>
            ) : null}
          </ApiForm>
        </details>
      )}

      {fields.length > 0 ? (
        <details>
          <summary>Embed code</summary>
          <pre id={`embed-${product.id}`}>
            {embedSnippet(view.origin, view.shop.slug, { product: product.productId })}
          </pre>
          <button type="button" class="secondary" data-copy={`#embed-${product.id}`}>
            Copy embed code
          </button>
        </details>
      ) : null}
    </section>
  )
}

/** The published side of a mystery box: commitment, pool version and odds. The server seed is never shown before an order reveals it. */
export const MysteryTable: FC<{ mystery: NonNullable<FulfilmentSetup['mystery']> }> = ({ mystery }) => (
  <>
    <h3>Mystery drop table</h3>
    <Facts
      rows={[
        ['Commitment', <code>{mystery.commitment}</code>],
        ['Pool version', mystery.poolVersion],
      ]}
    />
    <Table caption="Drop table" head={['Outcome', 'Weight', 'Chance', 'Stock', 'Codes left']}>
      {mystery.outcomes.map((o) => (
        <tr>
          <OddsCells outcome={o} />
          <td class="num">{o.codes ? o.codes.length : '—'}</td>
        </tr>
      ))}
    </Table>
  </>
)
