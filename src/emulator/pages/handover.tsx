import type { Child, FC, PropsWithChildren } from 'hono/jsx'
import type { Invoice, InvoiceItem } from '../../contract/storefront.js'
import type { MysteryOpen } from '../../contract/mystery.js'
import type { Handover } from '../../contract/orders.js'
import { CopyButton, Facts, Panel, StateBadge, Table, oddsColumns } from './layout.js'
import { linksIn, money, pretty, safeUrl, when } from './format.js'

type LineMystery = NonNullable<InvoiceItem['mystery']>

/** A link when the URL is http(s), plain text otherwise (a `javascript:` URL never becomes a link). */
export const SafeLink: FC<{ url: string; label?: string }> = ({ url, label }) => {
  const href = safeUrl(url)
  return href ? (
    <a href={href} rel="noopener noreferrer" target="_blank">
      {label ?? url}
    </a>
  ) : (
    <code>{label ? `${label} (${url})` : url}</code>
  )
}

/** Everything delivered on one line (spec, "Fulfilment"). */
export const HandoverView: FC<{ item: InvoiceItem; codesId: string }> = ({ item, codesId }) => {
  const d = item.delivery
  const codes = d.codes ?? []
  return (
    <div class="stack" data-delivery={item.id}>
      <p class="row">
        <StateBadge state={d.status} />
        {d.deliveredAt ? <span class="muted small">{when(d.deliveredAt)}</span> : null}
      </p>
      {d.reason ? <div class="notice bad">{d.reason}</div> : null}
      {d.message ? <p class="delivery-message">{d.message}</p> : null}
      {codes.length ? (
        <div>
          <label for={codesId}>{codes.length === 1 ? 'Your code' : `Your ${codes.length} codes`}</label>
          <Codes id={codesId} codes={codes} copy={codes.length === 1 ? 'Copy code' : 'Copy all codes'} data-codes="" />
        </div>
      ) : null}
      {d.files?.length ? (
        <div>
          <strong>Downloads</strong>
          <ul>
            {d.files.map((f) => (
              <li>
                <SafeLink url={f.url} label={f.name} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {d.dynamic ? <DynamicContent dynamic={d.dynamic} /> : null}
      {d.subscriptionId ? (
        <p>
          Subscription <code>{d.subscriptionId}</code>
        </p>
      ) : null}
    </div>
  )
}

/** Codes in a read-only box, with a button that copies them all and any other `children` beside it. */
export const Codes: FC<PropsWithChildren<{ id: string; codes: string[]; copy: string } & Record<string, unknown>>> = ({
  id,
  codes,
  copy,
  children,
  ...attributes
}) => (
  <>
    <textarea id={id} class="codes" readonly rows={Math.min(10, Math.max(2, codes.length))} {...attributes}>
      {codes.join('\n')}
    </textarea>
    <div class="actions">
      <CopyButton target={`#${id}`} label={copy} />
      {children}
    </div>
  </>
)

/** A dynamic endpoint's answer (text, links or JSON), shown as text: it comes from a foreign server. */
const DynamicContent: FC<{ dynamic: NonNullable<Handover['dynamic']> }> = ({ dynamic }) => {
  const content = dynamic.content
  const links = linksIn(content)
  const text = typeof content === 'string' ? content : pretty(content)
  return (
    <div>
      <strong>Delivered by the merchant's server</strong>
      {typeof content === 'string' && !/json/i.test(dynamic.contentType ?? '') ? (
        <p class="delivery-message">{text}</p>
      ) : (
        <pre>{text}</pre>
      )}
      {links.length ? (
        <ul>
          {links.map((url) => (
            <li>
              <SafeLink url={url} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/**
 * A mystery line's reveals. Each open carries its values in `data-open` (an escaped attribute);
 * /_assets/verify.js (src/browser/verify.ts) recomputes every check with src/fairness and lists it, passed or failed.
 */
export const MysteryReveal: FC<{ item: InvoiceItem; mystery: LineMystery; orderNumber: string }> = ({
  item,
  mystery,
  orderNumber,
}) => (
  <div class="stack" data-mystery-line={item.id} data-commitment={mystery.commitment}>
    <Facts
      rows={[
        ['Commitment (before purchase)', <code>{mystery.commitment}</code>],
        ['Pool version', mystery.poolVersion],
        ['Client seed', <code>{mystery.clientSeed}</code>],
        [
          'Server seed',
          mystery.serverSeed ? (
            <code>{mystery.serverSeed}</code>
          ) : (
            <span class="muted">revealed once the order is paid</span>
          ),
        ],
      ]}
    />
    {mystery.opens.length === 0 ? <p class="muted">The boxes are opened when the order is paid.</p> : null}
    {mystery.opens.map((open) => (
      <OpenView open={open} />
    ))}
    {mystery.verification?.length ? (
      <details>
        <summary>How to verify by hand</summary>
        <ol class="small">
          {mystery.verification.map((step) => (
            <li>{step}</li>
          ))}
        </ol>
        <p class="small muted">
          Or from a terminal: <code>store mystery verify {orderNumber}</code>.
        </p>
      </details>
    ) : null}
  </div>
)

const OpenView: FC<{ open: MysteryOpen }> = ({ open }) => (
  <section class="panel" data-open={JSON.stringify(open)} aria-label={`Box ${open.index + 1}`}>
    <div class="spread">
      <h4>
        Box {open.index + 1}: <span data-outcome="">{open.outcome}</span>
      </h4>
      <span class="badge warn" data-summary="">
        checking…
      </span>
    </div>
    {open.code ? (
      <p>
        Code: <code>{open.code}</code>
      </p>
    ) : null}
    <Facts
      class="small"
      rows={[
        ['Nonce', open.nonce],
        ['Proof hash', <code>{open.proofHash}</code>],
        ['Roll', `${open.rollIndex} of ${open.totalWeight}`],
        [
          'Code proof',
          open.codeProof ? (
            <>
              <code>{open.codeProof}</code> → index {open.codeIndex} of {open.codePoolSize}
            </>
          ) : null,
        ],
      ]}
    />
    <details>
      <summary>Odds at this open</summary>
      <Table caption="Odds snapshot" columns={oddsColumns(open.outcome)} rows={open.odds} />
    </details>
    <ul class="check-list" aria-label="Verification"></ul>
  </section>
)

export function invoiceFacts(invoice: Invoice): [Child, Child][] {
  const c = invoice.currency
  return [
    ['Customer', [invoice.customerName, invoice.customerEmail].filter(Boolean).join(' · ')],
    ['Created', when(invoice.createdAt)],
    ['Paid', invoice.paidAt ? when(invoice.paidAt) : 'not yet'],
    ['Subtotal', money(invoice.subtotal, c)],
    [
      'Discount',
      invoice.discount ? (
        <>
          −{money(invoice.discount, c)} {invoice.coupon ? <code>{invoice.coupon.code}</code> : null}
        </>
      ) : null,
    ],
    ['Total', <strong>{money(invoice.total, c)}</strong>],
    ['Paid so far', money(invoice.amountPaid, c)],
    ['Refunded', invoice.paymentStatus === 'refunded' ? money(invoice.amountPaid, c) : null],
    ['Due', invoice.amountDue > 0 ? money(invoice.amountDue, c) : null],
  ]
}

export const InvoiceLines: FC<{ invoice: Invoice }> = ({ invoice }) => (
  <>
    {invoice.items.map((item, at) => (
      <section class="panel" aria-labelledby={`item-${at}-h`} data-item={item.id}>
        <div class="spread">
          <h2 id={`item-${at}-h`}>{item.productName}</h2>
          <span class="muted">
            {item.productType} · {item.quantity} × {money(item.price, invoice.currency)} ={' '}
            <strong>{money(item.total, invoice.currency)}</strong>
          </span>
        </div>
        <HandoverView item={item} codesId={`codes-${at}`} />
        {item.mystery ? <MysteryReveal item={item} mystery={item.mystery} orderNumber={invoice.orderNumber} /> : null}
      </section>
    ))}
    {invoice.tracking.length ? (
      <Panel id="tracks" title="Tracking">
        <Table
          caption="Tracking"
          rows={invoice.tracking}
          columns={[
            ['Code', (t) => <code>{t.code}</code>],
            ['Carrier', (t) => t.carrier ?? '—'],
            ['Added', (t) => when(t.addedAt)],
          ]}
        />
      </Panel>
    ) : null}
  </>
)
