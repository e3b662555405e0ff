import type { FC } from 'hono/jsx'
import type { Feedback, Query } from '../../../contract/storefront.js'
import { ApiForm, StateBadge, Table, TextArea } from '../layout.js'
import { when } from '../format.js'
import { DASHBOARD_API, DashboardShell, type DashView } from './shell.js'

export const QueriesPage: FC<{ view: DashView; queries: Query[]; feedback: Feedback[] }> = ({
  view,
  queries,
  feedback,
}) => (
  <DashboardShell view={view} title="Queries and feedback" section="/queries">
    <p class="muted">
      Customers ask through <code>POST /storefront/{view.shop.slug}/queries</code> and rate their orders on the invoice
      page.
    </p>
    <h2>Queries</h2>
    {queries.length === 0 ? (
      <p>No queries yet.</p>
    ) : (
      queries.map((q) => (
        <section class="panel" data-query={q.id} aria-labelledby={`q-${q.id}`}>
          <div class="spread">
            <h3 id={`q-${q.id}`}>{q.subject}</h3>
            <StateBadge state={q.status} />
          </div>
          <p class="muted small">
            {q.ticketId} · {q.customerEmail} · {when(q.createdAt)}
            {q.orderId ? ` · order ${q.orderId}` : ''}
          </p>
          <p class="delivery-message">{q.message}</p>
          {q.replies.map((r) => (
            <div class="notice ok">
              <span class="muted small">Reply · {when(r.createdAt)}</span>
              <p class="delivery-message">{r.message}</p>
            </div>
          ))}
          <ApiForm
            api={`${DASHBOARD_API}/emulator/queries/${encodeURIComponent(q.id)}/reply`}
            submit="Send reply"
            data-success="Reply sent."
          >
            <TextArea id={`reply-text-${q.id}`} label="Reply" name="message" required />
          </ApiForm>
        </section>
      ))
    )}
    <h2>Feedback</h2>
    <Table
      caption="Feedback"
      rows={feedback}
      empty="No feedback yet."
      columns={[
        ['Order', (f) => f.orderNumber],
        ['Product', (f) => f.productTitle],
        ['Customer', (f) => f.customerEmail],
        ['Rating', (f) => `${f.rating} of 5`, 'nowrap'],
        ['Comment', (f) => f.comment || '—'],
        ['When', (f) => when(f.createdAt), 'nowrap'],
      ]}
    />
  </DashboardShell>
)
