import type { FC } from 'hono/jsx'
import { ORDER_STATUSES, type Order } from '../../../contract/orders.js'
import type { Invoice } from '../../../contract/storefront.js'
import type { Customer } from '../../../contract/customers.js'
import type { Subscription } from '../../../contract/subscriptions.js'
import { ClockAdvanceBodySchema, PayBodySchema } from '../../../contract/fulfilment.js'
import { ApiForm, Badge, Facts, Input, Notice, NumberInput, PaymentBadge, StatusBadge, Table } from '../layout.js'
import { HandoverView, MysteryReveal, TrackingPanel } from '../handover.js'
import { duration, money, pretty, when } from '../format.js'
import { GATEWAYS } from '../storefront/catalogue.js'
import { DASHBOARD_API, DashboardShell, dashHref, type DashView } from './shell.js'
import { ListControls, type Paged } from './paging.js'

export const OrdersPage: FC<{ view: DashView; orders: Paged<Order> }> = ({ view, orders: paged }) => {
  const orders = paged.rows
  return (
    <DashboardShell view={view} title="Orders" section="/orders">
      <p class="muted">
        The orders of {view.shop.name}, newest first; search by order number, e-mail or name. New orders come from the
        storefront, the embed or <code>POST /storefront/{view.shop.slug}/checkout</code>.
      </p>
      <ListControls view={view} path="/orders" paged={paged} noun="orders" />
      {orders.length === 0 && paged.search ? (
        <p>No order matches “{paged.search}”.</p>
      ) : orders.length === 0 ? (
        <p>
          No orders yet.{' '}
          <a href={`/storefront/${encodeURIComponent(view.shop.slug)}`}>Buy something on the storefront</a>.
        </p>
      ) : (
        <Table caption="Orders" head={['Order', 'Created', 'Customer', 'Items', 'Total', 'Status', 'Payment']}>
          {orders.map((o) => (
            <tr data-order={o.orderNumber}>
              <td class="nowrap">
                <a href={dashHref(view, `/orders/${encodeURIComponent(o.id)}`)}>{o.orderNumber}</a>
              </td>
              <td class="nowrap">{when(o.createdAt)}</td>
              <td>
                {o.customerName ? `${o.customerName} ` : ''}
                <span class="muted">{o.customerEmail}</span>
              </td>
              <td>{o.items.map((i) => `${i.quantity} × ${i.productName}`).join(', ')}</td>
              <td class="num">{money(o.total, o.currency)}</td>
              <td>
                <StatusBadge status={o.status} />
                {o.items.some((i) => i.delivery?.status === 'awaiting_shipment') ? (
                  <>
                    {' '}
                    <Badge tone="warn">awaiting shipment</Badge>
                  </>
                ) : null}
              </td>
              <td>
                <PaymentBadge status={o.paymentStatus} />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </DashboardShell>
  )
}

export const OrderDetailPage: FC<{
  view: DashView
  order: Order
  invoice: Invoice
  invoiceUrl: string
}> = ({ view, order, invoice, invoiceUrl }) => {
  const api = `${DASHBOARD_API}/emulator/orders/${encodeURIComponent(order.id)}`
  const c = order.currency
  const isPaid =
    order.paymentStatus === 'paid' || order.paymentStatus === 'disputed' || order.paymentStatus === 'refunded'
  const hasPhysical = order.items.some((i) => i.productType === 'Physical')
  const hasMystery = invoice.items.some((i) => i.mystery)
  const undelivered = isPaid
    ? invoice.items.filter((i) => i.delivery.status === 'undelivered' || i.delivery.status === 'partial').length
    : 0
  const toShip = invoice.items.filter((i) => i.delivery.status === 'awaiting_shipment').length
  return (
    <DashboardShell
      view={view}
      title={`Order ${order.orderNumber}`}
      section="/orders"
      scripts={hasMystery ? ['verify.js'] : []}
    >
      <div class="row">
        <StatusBadge status={order.status} />
        <PaymentBadge status={order.paymentStatus} />
        <a href={invoiceUrl}>Customer invoice</a>
      </div>
      <section class="panel" aria-label="Order">
        <Facts
          rows={[
            [
              'Ids',
              <>
                <code>{order.id}</code> · <code>{order.orderNumber}</code>
              </>,
            ],
            ['Customer', `${order.customerName ? `${order.customerName} · ` : ''}${order.customerEmail}`],
            ['Created', when(order.createdAt)],
            ['Paid', order.paidAt ? when(order.paidAt) : 'not yet'],
            [
              'Total',
              <>
                <strong>{money(order.total, c)}</strong>
                {invoice.discount
                  ? ` (after ${money(invoice.discount, c)} discount${order.couponCode ? `, coupon ${order.couponCode}` : ''})`
                  : ''}
              </>,
            ],
            [
              'Paid so far',
              money(invoice.amountPaid, c) +
                (invoice.amountDue > 0 ? ` · due ${money(invoice.amountDue, c)}` : '') +
                (order.paymentStatus === 'refunded' ? ` · refunded ${money(invoice.amountPaid, c)}` : ''),
            ],
            ['Payment method', order.paymentMethod || order.gateway || '—'],
            ['Visitor', [order.ip, order.country].filter(Boolean).join(' · ') || null],
            [
              'Custom fields',
              order.customFields && Object.keys(order.customFields).length ? (
                <pre>{pretty(order.customFields)}</pre>
              ) : null,
            ],
          ]}
        />
      </section>

      <section class="panel" aria-labelledby="actions-h">
        <h2 id="actions-h">Actions</h2>
        <div class="grid">
          {invoice.amountDue > 0 || order.paymentStatus === 'unpaid' ? (
            <ApiForm
              api={`${api}/pay`}
              submit="Mark paid"
              data-success={`Payment recorded for ${order.orderNumber}.`}
              aria-labelledby="pay-h"
            >
              <h3 id="pay-h">Mark paid</h3>
              <p class="small muted">
                Runs fulfilment for every line. Leave the amount empty to pay what is due; less than that is a partial
                payment. Paying twice delivers nothing twice.
              </p>
              <NumberInput
                id="pay-amount"
                name="amount"
                label={`Amount (${c})`}
                schema={PayBodySchema.shape.amount}
                placeholder={invoice.amountDue > 0 ? String(invoice.amountDue) : 'nothing due'}
              />
              <label for="pay-gateway">Gateway</label>
              <select id="pay-gateway" name="gateway">
                {GATEWAYS.map(([value, label]) => (
                  <option value={value} selected={value === (order.gateway ?? 'processor')}>
                    {label}
                  </option>
                ))}
              </select>
            </ApiForm>
          ) : (
            <section aria-labelledby="pay-h">
              <h3 id="pay-h">Payment</h3>
              <p>
                {order.paymentStatus === 'refunded'
                  ? `Refunded (${money(invoice.amountPaid, c)} back to the buyer); it takes no more payments.`
                  : isPaid
                    ? `Paid in full (${money(invoice.amountPaid, c)}).`
                    : 'Nothing is due.'}
              </p>
              {undelivered ? (
                <>
                  <p class="small muted">
                    {undelivered} line{undelivered === 1 ? ' is' : 's are'} not delivered yet (for example a Dynamic
                    endpoint that failed, or stock that ran out).
                  </p>
                  <button
                    type="button"
                    data-api={`${api}/deliver`}
                    data-success="Delivery retried."
                    data-notice="deliver-notice"
                  >
                    Retry delivery
                  </button>
                  <Notice id="deliver-notice" />
                </>
              ) : null}
              {toShip ? (
                <p class="small muted" data-awaiting-shipment="">
                  {toShip} Physical line{toShip === 1 ? ' awaits' : 's await'} shipment:{' '}
                  <a href="#tracking-code">add its tracking</a> below to deliver {toShip === 1 ? 'it' : 'them'}.
                </p>
              ) : null}
            </section>
          )}
          <ApiForm
            api={`${api}/tracking`}
            submit="Add tracking"
            data-success="Tracking added; it shows on the invoice."
            aria-labelledby="tracking-h"
          >
            <h3 id="tracking-h">Tracking</h3>
            <p class="small muted">
              {hasPhysical
                ? 'Shown on the invoice of this Physical order.'
                : 'Tracking is for orders with a Physical line.'}
            </p>
            <Input id="tracking-code" name="code" label="Tracking code" required />
            <Input id="tracking-carrier" name="carrier" label="Carrier" placeholder="optional" />
          </ApiForm>
          <ApiForm
            api={`${DASHBOARD_API}/v1/orders/${encodeURIComponent(order.id)}`}
            submit="Set status"
            data-method="PUT"
            data-success="Status updated."
            aria-labelledby="status-h"
          >
            <h3 id="status-h">Status</h3>
            <p class="small muted">
              As <code>PUT /api/v1/orders/:id</code>.
            </p>
            <label for="status">Status</label>
            <select id="status" name="status">
              {ORDER_STATUSES.map((s) => (
                <option value={s} selected={s === order.status}>
                  {s}
                </option>
              ))}
            </select>
          </ApiForm>
          <section aria-labelledby="dispute-h">
            <h3 id="dispute-h">Dispute</h3>
            <p class="small muted">
              The buyer disputed the payment (fires <code>order:disputed</code>).
            </p>
            <button
              type="button"
              class="danger"
              data-api={`${api}/dispute`}
              data-confirm={`Mark ${order.orderNumber} as disputed?`}
              data-success="Order marked disputed."
              data-notice="dispute-notice"
              disabled={!isPaid && order.paymentStatus !== 'partial'}
            >
              Mark disputed
            </button>
            <Notice id="dispute-notice" />
          </section>
        </div>
      </section>

      {order.payments?.length ? (
        <section class="panel" aria-labelledby="payments-h">
          <h2 id="payments-h">Payments</h2>
          <Table caption="Payments" head={['When', 'Gateway', 'Amount']}>
            {order.payments.map((p) => (
              <tr>
                <td>{when(p.at)}</td>
                <td>{p.gateway}</td>
                <td class="num">{money(p.amount, c)}</td>
              </tr>
            ))}
          </Table>
        </section>
      ) : null}

      {invoice.items.map((item, at) => (
        <section class="panel" aria-labelledby={`line-${at}-h`} data-line={item.id}>
          <div class="spread">
            <h2 id={`line-${at}-h`}>{item.productName}</h2>
            <span class="muted">
              {item.productType ?? ''} · {item.quantity} × {money(item.price, c)} = {money(item.total, c)}
            </span>
          </div>
          <HandoverView item={item} codesId={`codes-${at}`} />
          {item.mystery ? <MysteryReveal item={item} mystery={item.mystery} orderNumber={invoice.orderNumber} /> : null}
        </section>
      ))}

      <TrackingPanel tracking={invoice.tracking} headingId="tracks-h" />
    </DashboardShell>
  )
}

export const CustomersPage: FC<{ view: DashView; customers: Paged<Customer> }> = ({ view, customers }) => (
  <DashboardShell view={view} title="Customers" section="/customers">
    <p class="muted">Customers are kept per shop by e-mail from checkouts; totals count paid money.</p>
    <ListControls view={view} path="/customers" paged={customers} noun="customers" />
    {customers.rows.length === 0 ? (
      <p>{customers.search ? `No customer matches “${customers.search}”.` : 'No customers yet.'}</p>
    ) : (
      <Table caption="Customers" head={['Name', 'E-mail', 'Country', 'Orders', 'Spent', 'Last order', 'Since']}>
        {customers.rows.map((cu) => (
          <tr>
            <td>{cu.name || '—'}</td>
            <td>{cu.email}</td>
            <td>{[cu.country, cu.city].filter(Boolean).join(' · ') || '—'}</td>
            <td class="num">{cu.totalOrders}</td>
            <td class="num">{money(cu.totalSpent)}</td>
            <td class="nowrap">{when(cu.lastOrderAt)}</td>
            <td class="nowrap">{when(cu.createdAt)}</td>
          </tr>
        ))}
      </Table>
    )}
  </DashboardShell>
)

const PRESETS = [3600, 86400, 3 * 86400, 7 * 86400, 30 * 86400]

export const SubscriptionsPage: FC<{
  view: DashView
  subscriptions: Paged<Subscription>
  clockNow: string
  offsetSeconds: number
}> = ({ view, subscriptions, clockNow, offsetSeconds }) => (
  <DashboardShell view={view} title="Subscriptions" section="/subscriptions">
    <section class="panel" aria-labelledby="clock-h">
      <h2 id="clock-h">Emulator clock</h2>
      <p>
        Now: <strong data-clock="">{when(clockNow)}</strong>{' '}
        <span class="muted small">
          ({offsetSeconds === 0 ? 'real time' : `${ahead(offsetSeconds)} ahead of real time`})
        </span>
      </p>
      <p class="small muted">
        Advancing the clock makes renewals, trial ends and upcoming notices fall due, with their events (
        <code>POST /_emulator/clock/advance</code>).
      </p>
      <div class="row">
        {PRESETS.map((seconds) => (
          <button
            type="button"
            class="secondary"
            data-api={`${DASHBOARD_API}/emulator/clock/advance`}
            data-body={JSON.stringify({ seconds })}
            data-success={`Clock advanced by ${duration(seconds)}.`}
          >
            +{duration(seconds)}
          </button>
        ))}
      </div>
      <ApiForm
        api={`${DASHBOARD_API}/emulator/clock/advance`}
        submit="Advance"
        inline
        data-success="Clock advanced."
        class="row mt"
      >
        <NumberInput
          id="advance-seconds"
          name="seconds"
          label="Seconds"
          schema={ClockAdvanceBodySchema.shape.seconds}
          required
          class="w-16"
        />
      </ApiForm>
    </section>
    <ListControls view={view} path="/subscriptions" paged={subscriptions} noun="subscriptions" />
    {subscriptions.rows.length === 0 ? (
      <p>
        {subscriptions.search
          ? `No subscription matches “${subscriptions.search}”.`
          : 'No subscriptions yet: buy a Subscription product on the storefront and pay the order.'}
      </p>
    ) : (
      <Table
        caption="Subscriptions"
        head={['Product', 'Customer', 'Status', 'Period ends', 'Processor ids', 'Created', '']}
      >
        {subscriptions.rows.map((s) => (
          <tr data-subscription={s.id}>
            <td>
              {s.productName} <code class="small">{s.productProductId}</code>
            </td>
            <td>{s.customerEmail}</td>
            <td>
              <Badge tone={s.status === 'ACTIVE' ? 'ok' : s.status === 'TRIALING' ? 'warn' : 'bad'}>{s.status}</Badge>
            </td>
            <td class="nowrap">{when(s.currentPeriodEnd)}</td>
            <td class="small">
              <code>{s.processorSubscriptionId}</code>
              <br />
              <code>{s.processorCustomerId}</code>
            </td>
            <td class="nowrap">
              {when(s.createdAt)}
              {s.canceledAt ? (
                <>
                  <br />
                  <span class="muted">cancelled {when(s.canceledAt)}</span>
                </>
              ) : null}
            </td>
            <td>
              {s.status !== 'CANCELLED' ? (
                <button
                  type="button"
                  class="danger"
                  data-api={`${DASHBOARD_API}/emulator/subscriptions/${encodeURIComponent(s.id)}/cancel`}
                  data-confirm="Cancel this subscription?"
                  data-success="Subscription cancelled."
                >
                  Cancel
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </Table>
    )}
  </DashboardShell>
)

/** `30 days 2 h` from an offset in seconds. */
function ahead(seconds: number): string {
  const days = Math.floor(seconds / 86400)
  const hours = Math.round((seconds % 86400) / 3600)
  return [days ? `${days} day${days === 1 ? '' : 's'}` : '', hours || !days ? `${hours} h` : '']
    .filter(Boolean)
    .join(' ')
}
