import type { FC } from 'hono/jsx'
import type { Invoice } from '../../../contract/storefront.js'
import { Badge, Notice } from '../layout.js'
import { HandoverView, MysteryReveal, TrackingPanel } from '../handover.js'
import { money, when } from '../format.js'
import { StorefrontShell, type ShopView } from './shell.js'
import type { ThemeView } from './theme.js'

const paymentTone = (s: string) => (s === 'paid' ? 'ok' : s === 'disputed' || s === 'refunded' ? 'bad' : 'warn')
const statusTone = (s: string) => (s === 'completed' ? 'ok' : s === 'cancelled' || s === 'refunded' ? 'bad' : 'warn')

/**
 * The buyer's invoice (spec, "Fulfilment"; DESIGN.md, "Storefront"): every delivery, all codes with
 * copy-all and the raw `codes.txt`, downloads, dynamic content, tracking, and each mystery open
 * with its verification checked in the browser. Built from the same invoice object the JSON
 * answer of `GET /storefront/:shop/invoices/:orderId` carries.
 */
export const InvoicePage: FC<{ invoice: Invoice; theme?: ThemeView }> = ({ invoice, theme }) => {
  const shop: ShopView = { ...invoice.shop, theme }
  const allCodes = invoice.items.flatMap((item) => item.delivery.codes ?? [])
  const hasMystery = invoice.items.some((item) => item.mystery)
  const c = invoice.currency
  return (
    <StorefrontShell shop={shop} title={`Invoice ${invoice.orderNumber}`} scripts={hasMystery ? ['verify.js'] : []}>
      <div class="spread">
        <h1>Invoice {invoice.orderNumber}</h1>
        <div class="row">
          <Badge tone={statusTone(invoice.status)}>{invoice.status}</Badge>
          <Badge tone={paymentTone(invoice.paymentStatus)}>{invoice.paymentStatus}</Badge>
        </div>
      </div>
      <section class="panel" aria-label="Summary">
        <dl class="kv">
          <dt>Customer</dt>
          <dd>
            {invoice.customerName ? `${invoice.customerName} · ` : ''}
            {invoice.customerEmail}
          </dd>
          <dt>Created</dt>
          <dd>{when(invoice.createdAt)}</dd>
          <dt>Paid</dt>
          <dd>{invoice.paidAt ? when(invoice.paidAt) : 'not yet'}</dd>
          <dt>Subtotal</dt>
          <dd>{money(invoice.subtotal, c)}</dd>
          {invoice.discount ? (
            <>
              <dt>Discount</dt>
              <dd>
                −{money(invoice.discount, c)}
                {invoice.coupon ? (
                  <>
                    {' '}
                    (coupon <code>{invoice.coupon.code}</code>)
                  </>
                ) : null}
              </dd>
            </>
          ) : null}
          <dt>Total</dt>
          <dd>
            <strong>{money(invoice.total, c)}</strong>
          </dd>
          <dt>Paid so far</dt>
          <dd>{money(invoice.amountPaid, c)}</dd>
          {invoice.paymentStatus === 'refunded' ? (
            <>
              <dt>Refunded</dt>
              <dd>{money(invoice.amountPaid, c)}</dd>
            </>
          ) : null}
          {invoice.amountDue > 0 ? (
            <>
              <dt>Due</dt>
              <dd>{money(invoice.amountDue, c)}</dd>
            </>
          ) : null}
        </dl>
        {invoice.paymentStatus === 'unpaid' || invoice.paymentStatus === 'partial' ? (
          <p class="notice">Deliveries appear here once the shop has received your payment.</p>
        ) : null}
      </section>

      {allCodes.length ? (
        <section class="panel" aria-labelledby="codes-h">
          <h2 id="codes-h">All codes</h2>
          <textarea
            id="all-codes"
            class="codes"
            readonly
            rows={Math.min(10, Math.max(2, allCodes.length))}
            aria-labelledby="codes-h"
          >
            {allCodes.join('\n')}
          </textarea>
          <div class="actions">
            <button type="button" data-copy="#all-codes">
              Copy all codes
            </button>
            <a class="button secondary" href={invoice.codesUrl} download={`${invoice.orderNumber}-codes.txt`}>
              Download codes.txt
            </a>
          </div>
        </section>
      ) : null}

      {invoice.items.map((item, at) => (
        <section class="panel" aria-labelledby={`item-${at}-h`} data-item={item.id}>
          <div class="spread">
            <h2 id={`item-${at}-h`}>{item.productName}</h2>
            <span class="muted">
              {item.quantity} × {money(item.price, c)} = <strong>{money(item.total, c)}</strong>
            </span>
          </div>
          {item.productType ? <p class="muted small">{item.productType}</p> : null}
          <HandoverView item={item} codesId={`codes-${at}`} />
          {item.mystery ? <MysteryReveal item={item} mystery={item.mystery} orderNumber={invoice.orderNumber} /> : null}
        </section>
      ))}

      <TrackingPanel tracking={invoice.tracking} headingId="tracking-h" />

      {invoice.paymentStatus === 'paid' ? <FeedbackForm invoice={invoice} /> : null}
    </StorefrontShell>
  )
}

const FeedbackForm: FC<{ invoice: Invoice }> = ({ invoice }) => (
  <section class="panel" aria-labelledby="feedback-h">
    <h2 id="feedback-h">Feedback</h2>
    <form
      data-api={`/storefront/${encodeURIComponent(invoice.shop.slug)}/invoices/${encodeURIComponent(invoice.id)}/feedback`}
      data-then="replace"
      data-notice="feedback-notice"
      data-success="Thank you for your feedback."
    >
      <div class="fields">
        <div>
          <label for="rating">Rating</label>
          <select id="rating" name="rating" data-type="number">
            {[5, 4, 3, 2, 1].map((n) => (
              <option value={String(n)}>
                {'★'.repeat(n)} ({n})
              </option>
            ))}
          </select>
        </div>
      </div>
      <label for="comment">Comment</label>
      <textarea id="comment" name="comment" maxlength={2000}></textarea>
      <div class="actions">
        <button type="submit">Send feedback</button>
      </div>
    </form>
    <Notice id="feedback-notice" />
  </section>
)
