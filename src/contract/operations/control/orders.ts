import { PayBodySchema, TrackingBodySchema } from '../../fulfilment.js'
import { OrderSchema } from '../../orders.js'
import { type OperationInput, json } from '../operation.js'

const ID = { id: 'The order id or its `ORD-…` order number.' }
const ORDER = { status: 200, description: 'The order.', content: json(OrderSchema) } as const

/** The payment processor's and the dashboard's order actions (README, "Order flow"). */
export const ORDER_CONTROL_OPERATIONS = {
  payOrder: {
    method: 'post',
    path: '/_emulator/orders/{id}/pay',
    summary: 'Mark an order paid',
    description:
      'Without `amount` the amount due is paid; less than due makes it `partial`. Paid in full, fulfilment runs per line and the payment events fire. Idempotent: paying again delivers nothing twice, it only retries undelivered lines. The body may be left out.',
    tag: 'orders',
    params: ID,
    body: PayBodySchema,
    bodyOptional: true,
    ok: { status: 200, description: 'The order after payment.', content: json(OrderSchema) },
    errors: [
      [400, 'More than the amount due, more than two decimals, or another invalid field.'],
      [409, 'The order is cancelled, refunded or disputed.'],
    ],
  },
  retryDelivery: {
    method: 'post',
    path: '/_emulator/orders/{id}/deliver',
    summary: 'Retry undelivered lines',
    description: 'Runs fulfilment again for lines left undelivered (no stock then, a Dynamic endpoint down).',
    tag: 'orders',
    params: ID,
    ok: ORDER,
    errors: [[409, 'The order is not paid.']],
  },
  addTracking: {
    method: 'post',
    path: '/_emulator/orders/{id}/tracking',
    summary: 'Add tracking',
    description: 'Tracking for the Physical lines of a paid order, which delivers them.',
    tag: 'orders',
    params: ID,
    body: TrackingBodySchema,
    ok: ORDER,
    errors: [[409, 'The order has no Physical line, or is not paid.']],
  },
  disputeOrder: {
    method: 'post',
    path: '/_emulator/orders/{id}/dispute',
    summary: 'Dispute an order',
    description: '`paymentStatus: disputed` (paid or partial orders).',
    tag: 'orders',
    params: ID,
    ok: ORDER,
    errors: [[409, 'The order is not paid.']],
  },
} satisfies Record<string, OperationInput>
