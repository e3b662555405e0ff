import type { FC } from 'hono/jsx'
import type { Invoice } from '../../../contract/storefront.js'
import { ApiForm, Facts, Panel, Select, StateBadge, TextArea } from '../layout.js'
import { Codes, InvoiceLines, invoiceFacts } from '../handover.js'
import { StorefrontShell, type ShopView } from './shell.js'
import type { ThemeView } from './theme.js'

/** The buyer's invoice, from the same invoice object its JSON answer carries. */
export const InvoicePage: FC<{ invoice: Invoice; theme?: ThemeView }> = ({ invoice, theme }) => {
  const shop: ShopView = { ...invoice.shop, theme }
  const allCodes = invoice.items.flatMap((item) => item.delivery.codes ?? [])
  const hasMystery = invoice.items.some((item) => item.mystery)
  return (
    <StorefrontShell shop={shop} title={`Invoice ${invoice.orderNumber}`} scripts={hasMystery ? ['verify.js'] : []}>
      <div class="spread">
        <h1>Invoice {invoice.orderNumber}</h1>
        <div class="row">
          <StateBadge state={invoice.status} />
          <StateBadge state={invoice.paymentStatus} />
        </div>
      </div>
      <section class="panel" aria-label="Summary">
        <Facts rows={invoiceFacts(invoice)} />
        {invoice.paymentStatus === 'unpaid' || invoice.paymentStatus === 'partial' ? (
          <p class="notice">Deliveries appear here once the shop has received your payment.</p>
        ) : null}
      </section>

      {allCodes.length ? (
        <Panel id="codes" title="All codes">
          <Codes id="all-codes" codes={allCodes} copy="Copy all codes" aria-labelledby="codes-h">
            <a class="button secondary" href={invoice.codesUrl} download={`${invoice.orderNumber}-codes.txt`}>
              Download codes.txt
            </a>
          </Codes>
        </Panel>
      ) : null}

      <InvoiceLines invoice={invoice} />
      {invoice.paymentStatus === 'paid' ? <FeedbackForm invoice={invoice} /> : null}
    </StorefrontShell>
  )
}

const FeedbackForm: FC<{ invoice: Invoice }> = ({ invoice }) => (
  <Panel id="feedback" title="Feedback">
    <ApiForm
      api={`/storefront/${encodeURIComponent(invoice.shop.slug)}/invoices/${encodeURIComponent(invoice.id)}/feedback`}
      submit="Send feedback"
      data-then="replace"
      data-success="Thank you for your feedback."
    >
      <Select
        id="rating"
        name="rating"
        label="Rating"
        data-type="number"
        choices={['5', '4', '3', '2', '1'].map((n) => [n, `${'★'.repeat(Number(n))} (${n})`] as const)}
      />
      <TextArea id="comment" name="comment" label="Comment" maxlength={2000} />
    </ApiForm>
  </Panel>
)
