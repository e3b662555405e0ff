import type { FC } from 'hono/jsx'
import { ORDER_STATUSES, type Order } from '../../../contract/orders.js'
import type { Invoice } from '../../../contract/storefront.js'
import type { Customer } from '../../../contract/customers.js'
import type { Subscription } from '../../../contract/subscriptions.js'
import { ClockAdvanceBodySchema, PayBodySchema } from '../../../contract/fulfilment.js'
import { ApiButton, ApiForm, Badge, Facts, Input, NumberInput, Panel, Select, StateBadge, Table } from '../layout.js'
import { InvoiceLines, invoiceFacts } from '../handover.js'
import { duration, money, pretty, when } from '../format.js'
import { GATEWAYS } from '../storefront/catalogue.js'
import { DASHBOARD_API, DashboardShell, dashHref, type DashView } from './shell.js'
import { List, type Paged } from './paging.js'

export const OrdersPage: FC<{ view: DashView; orders: Paged<Order> }> = ({ view, orders }) => (
  <DashboardShell view={view} title="Orders" section="/orders">
    <p class="muted">Newest first; new orders come from the storefront, the embed or its checkout API.</p>
    <List
      view={view}
      path="/orders"
      paged={orders}
      noun="orders"
      empty={<a href={`/storefront/${encodeURIComponent(view.shop.slug)}`}>No orders yet: buy on the storefront.</a>}
      rowAttrs={(o) => ({ 'data-order': o.orderNumber })}
      columns={[
        ['Order', (o) => <a href={dashHref(view, `/orders/${encodeURIComponent(o.id)}`)}>{o.orderNumber}</a>, 'nowrap'],
        ['Created', (o) => when(o.createdAt), 'nowrap'],
        ['Customer', (o) => [o.customerName, o.customerEmail].filter(Boolean).join(' · ')],
        ['Items', (o) => o.items.map((i) => `${i.quantity} × ${i.productName}`).join(', ')],
        ['Total', (o) => money(o.total, o.currency), 'num'],
        [
          'Status',
          (o) => (
            <>
              <StateBadge state={o.status} />
              {o.items.some((i) => i.delivery?.status === 'awaiting_shipment') ? (
                <Badge tone="warn">awaiting shipment</Badge>
              ) : null}
            </>
          ),
        ],
        ['Payment', (o) => <StateBadge state={o.paymentStatus} />],
      ]}
    />
  </DashboardShell>
)

export const OrderDetailPage: FC<{
  view: DashView
  order: Order
  invoice: Invoice
  invoiceUrl: string
}> = ({ view, order, invoice, invoiceUrl }) => {
  const api = `${DASHBOARD_API}/emulator/orders/${encodeURIComponent(order.id)}`
  const c = order.currency
  const isPaid = ['paid', 'disputed', 'refunded'].includes(order.paymentStatus)
  const hasMystery = invoice.items.some((i) => i.mystery)
  const undelivered = isPaid
    ? invoice.items.filter((i) => ['undelivered', 'partial'].includes(i.delivery.status)).length
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
        <StateBadge state={order.status} />
        <StateBadge state={order.paymentStatus} />
        <a href={invoiceUrl}>Customer invoice</a>
      </div>
      <section class="panel" aria-label="Order">
        <Facts
          rows={[
            ['Id', <code>{order.id}</code>],
            ...invoiceFacts(invoice),
            ['Payment method', order.paymentMethod || order.gateway || '—'],
            ['Visitor', [order.ip, order.country].filter(Boolean).join(' · ') || null],
            [
              'Custom fields',
              Object.keys(order.customFields ?? {}).length ? <pre>{pretty(order.customFields)}</pre> : null,
            ],
          ]}
        />
      </section>

      <Panel id="actions" title="Actions">
        <div class="grid">
          {invoice.amountDue > 0 || order.paymentStatus === 'unpaid' ? (
            <ApiForm
              api={`${api}/pay`}
              submit="Mark paid"
              data-success={`Payment recorded for ${order.orderNumber}.`}
              aria-labelledby="pay-h"
            >
              <h3 id="pay-h">Mark paid</h3>
              <p class="small muted">Runs fulfilment; an empty amount pays what is due, less is a partial payment.</p>
              <NumberInput
                id="pay-amount"
                name="amount"
                label={`Amount (${c})`}
                schema={PayBodySchema.shape.amount}
                placeholder={invoice.amountDue > 0 ? String(invoice.amountDue) : 'nothing due'}
              />
              <Select
                id="pay-gateway"
                name="gateway"
                label="Gateway"
                choices={GATEWAYS}
                chosen={order.gateway ?? 'processor'}
              />
            </ApiForm>
          ) : (
            <section aria-labelledby="pay-h">
              <h3 id="pay-h">Payment</h3>
              <p>
                {order.paymentStatus === 'refunded'
                  ? `Refunded (${money(invoice.amountPaid, c)} back to the buyer).`
                  : isPaid
                    ? `Paid in full (${money(invoice.amountPaid, c)}).`
                    : 'Nothing is due.'}
              </p>
              {undelivered ? (
                <>
                  <p class="small muted">{undelivered} line(s) not delivered yet.</p>
                  <ApiButton api={`${api}/deliver`} label="Retry delivery" data-success="Delivery retried." />
                </>
              ) : null}
              {toShip ? (
                <p class="small muted" data-awaiting-shipment="">
                  {toShip} Physical line(s) await shipment: <a href="#tracking-code">add its tracking</a> to deliver.
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
            <Select id="status" name="status" label="Status" choices={ORDER_STATUSES} chosen={order.status} />
          </ApiForm>
          <section aria-labelledby="dispute-h">
            <h3 id="dispute-h">Dispute</h3>
            <ApiButton
              class="danger"
              api={`${api}/dispute`}
              label="Mark disputed"
              data-confirm={`Mark ${order.orderNumber} as disputed?`}
              data-success="Order marked disputed."
              disabled={!isPaid && order.paymentStatus !== 'partial'}
            />
          </section>
        </div>
      </Panel>

      {order.payments?.length ? (
        <Panel id="payments" title="Payments">
          <Table
            caption="Payments"
            rows={order.payments}
            columns={[
              ['When', (p) => when(p.at)],
              ['Gateway', (p) => p.gateway],
              ['Amount', (p) => money(p.amount, c), 'num'],
            ]}
          />
        </Panel>
      ) : null}

      <InvoiceLines invoice={invoice} />
    </DashboardShell>
  )
}

export const CustomersPage: FC<{ view: DashView; customers: Paged<Customer> }> = ({ view, customers }) => (
  <DashboardShell view={view} title="Customers" section="/customers">
    <p class="muted">Kept per shop by e-mail from checkouts; totals count paid money.</p>
    <List
      view={view}
      path="/customers"
      paged={customers}
      noun="customers"
      empty="No customers yet."
      columns={[
        ['Name', (cu) => cu.name || '—'],
        ['E-mail', (cu) => cu.email],
        ['Country', (cu) => [cu.country, cu.city].filter(Boolean).join(' · ') || '—'],
        ['Orders', (cu) => cu.totalOrders, 'num'],
        ['Spent', (cu) => money(cu.totalSpent), 'num'],
        ['Last order', (cu) => when(cu.lastOrderAt), 'nowrap'],
        ['Since', (cu) => when(cu.createdAt), 'nowrap'],
      ]}
    />
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
    <Panel id="clock" title="Emulator clock">
      <p>
        Now: <strong data-clock="">{when(clockNow)}</strong>{' '}
        <span class="muted small">
          ({offsetSeconds === 0 ? 'real time' : `${(offsetSeconds / 3600).toFixed(1)} h ahead of real time`})
        </span>
      </p>
      <p class="small muted">
        Advancing the clock makes renewals, trial ends and upcoming notices fall due, with their events (
        <code>POST /_emulator/clock/advance</code>).
      </p>
      <div class="row">
        {PRESETS.map((seconds) => (
          <ApiButton
            class="secondary"
            api={`${DASHBOARD_API}/emulator/clock/advance`}
            label={`+${duration(seconds)}`}
            data-body={JSON.stringify({ seconds })}
            data-success={`Clock advanced by ${duration(seconds)}.`}
          />
        ))}
      </div>
      <ApiForm
        api={`${DASHBOARD_API}/emulator/clock/advance`}
        submit="Advance"
        data-success="Clock advanced."
        class="row mt"
      >
        <NumberInput
          id="advance-seconds"
          name="seconds"
          label="Seconds"
          schema={ClockAdvanceBodySchema.shape.seconds}
          required
        />
      </ApiForm>
    </Panel>
    <List
      view={view}
      path="/subscriptions"
      paged={subscriptions}
      noun="subscriptions"
      empty="No subscriptions yet: buy a Subscription product on the storefront and pay the order."
      rowAttrs={(s) => ({ 'data-subscription': s.id })}
      columns={[
        ['Product', (s) => s.productName],
        ['Customer', (s) => s.customerEmail],
        ['Status', (s) => <StateBadge state={s.status} />],
        ['Period ends', (s) => when(s.currentPeriodEnd), 'nowrap'],
        ['Processor ids', (s) => <code>{`${s.processorSubscriptionId} ${s.processorCustomerId}`}</code>, 'small'],
        ['Created', (s) => when(s.createdAt), 'nowrap'],
        ['Cancelled', (s) => (s.status === 'CANCELLED' ? when(s.canceledAt) : <CancelButton id={s.id} />), 'nowrap'],
      ]}
    />
  </DashboardShell>
)

const CancelButton: FC<{ id: string }> = ({ id }) => (
  <ApiButton
    class="danger"
    api={`${DASHBOARD_API}/emulator/subscriptions/${encodeURIComponent(id)}/cancel`}
    label="Cancel"
    data-confirm="Cancel this subscription?"
    data-success="Subscription cancelled."
  />
)
