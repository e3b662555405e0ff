import type { FC } from 'hono/jsx'
import type { Invoice, InvoiceItem } from '../../contract/storefront.js'
import type { MysteryOpen } from '../../contract/mystery.js'
import type { Handover } from '../../contract/orders.js'
import { Badge, Facts, OddsCells, Table } from './layout.js'
import { linksIn, pretty, safeUrl, when } from './format.js'

type LineMystery = NonNullable<InvoiceItem['mystery']>

const HANDOVER_LABEL: Record<string, [string, 'ok' | 'bad' | 'warn' | undefined]> = {
  awaiting_payment: ['awaiting payment', 'warn'],
  awaiting_shipment: ['awaiting shipment', 'warn'],
  delivered: ['delivered', 'ok'],
  partial: ['partly delivered', 'warn'],
  undelivered: ['not delivered', 'bad'],
  none: ['nothing to deliver', undefined],
}

const HandoverStatus: FC<{ handover: Handover | undefined }> = ({ handover }) => {
  const [label, tone] = HANDOVER_LABEL[handover?.status ?? 'awaiting_payment'] ?? [String(handover?.status), undefined]
  return <Badge tone={tone}>{label}</Badge>
}

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

/**
 * Everything delivered on one line (spec, "Fulfilment"): message, serial codes, files, the dynamic
 * endpoint's answer, the subscription. `codesId` names the line's code box for copy-all.
 */
export const HandoverView: FC<{ item: InvoiceItem; codesId: string }> = ({ item, codesId }) => {
  const d = item.delivery
  const codes = d.codes ?? []
  const dynamic = d.dynamic
  return (
    <div class="stack" data-delivery={item.id}>
      <p class="row">
        <HandoverStatus handover={d} />
        {d.deliveredAt ? <span class="muted small">{when(d.deliveredAt)}</span> : null}
      </p>
      {d.reason ? <div class="notice bad">{d.reason}</div> : null}
      {d.message ? <p class="delivery-message">{d.message}</p> : null}
      {codes.length ? (
        <div>
          <label for={codesId}>{codes.length === 1 ? 'Your code' : `Your ${codes.length} codes`}</label>
          <textarea id={codesId} class="codes" readonly rows={Math.min(8, Math.max(2, codes.length))} data-codes="">
            {codes.join('\n')}
          </textarea>
          <div class="actions">
            <button type="button" class="secondary" data-copy={`#${codesId}`}>
              Copy {codes.length === 1 ? 'code' : 'all codes'}
            </button>
          </div>
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
      {dynamic ? <DynamicContent dynamic={dynamic} /> : null}
      {d.subscriptionId ? (
        <p>
          Subscription <code>{d.subscriptionId}</code>
        </p>
      ) : null}
    </div>
  )
}

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

const CHECKS: [string, string][] = [
  ['commitment', 'Commitment'],
  ['nonce', 'Nonce'],
  ['proof', 'Proof hash'],
  ['roll', 'Roll index'],
  ['walk', 'Outcome'],
  ['chain', 'Snapshot'],
  ['code', 'Code draw'],
]

/**
 * A mystery line's reveals. Each open carries its values in `data-open` (an escaped attribute);
 * /_assets/verify.js (src/browser/verify.ts) recomputes every check with src/fairness and marks it passed or failed.
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
      <Table caption="Odds snapshot" head={['Outcome', 'Weight', 'Chance', 'Stock']}>
        {open.odds.map((o) => (
          <tr>
            <OddsCells outcome={o} won={o.name === open.outcome} />
          </tr>
        ))}
      </Table>
    </details>
    <ul class="check-list" aria-label="Verification">
      {CHECKS.map(([name, label]) => (
        <li data-check={name}>
          <span>
            <span class="badge warn">pending</span>
          </span>
          <span>
            <strong>{label}</strong> <span class="detail"></span>
          </span>
        </li>
      ))}
    </ul>
  </section>
)

/** An order's tracking codes (Physical lines), as a panel; nothing when there are none. */
export const TrackingPanel: FC<{ tracking: Invoice['tracking']; headingId: string }> = ({ tracking, headingId }) =>
  tracking.length ? (
    <section class="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Tracking</h2>
      <Table caption="Tracking" head={['Code', 'Carrier', 'Added']}>
        {tracking.map((t) => (
          <tr>
            <td>
              <code>{t.code}</code>
            </td>
            <td>{t.carrier ?? '—'}</td>
            <td>{when(t.addedAt)}</td>
          </tr>
        ))}
      </Table>
    </section>
  ) : null
