import {
  DELIVERY_BEFORE_PAYMENT,
  DISPUTE_WITHOUT_PAYMENT,
  ORDER_CLOSED_TO_PAYMENT,
  PAYMENT_ABOVE_DUE,
  PAYMENT_ALREADY_SETTLED,
  PAYMENT_NOT_ABOVE_ZERO,
  PayBodySchema,
  SHIPPING_BEFORE_PAYMENT,
  TRACKING_WITHOUT_PHYSICAL,
  TrackingBodySchema,
} from '../../fulfilment.js'
import { errorCases } from '../../refusals.js'
import { OrderSchema } from '../../orders.js'
import { answer, area } from '../operation.js'

const ID = { id: 'The order id or its `ORD-…` order number.' }
const ORDER = answer(200, 'The order.', OrderSchema)

/** The payment processor's and the dashboard's order actions (docs/storefront.md, "Order flow"). */
export const ORDER_CONTROL_OPERATIONS = area('orders', {
  payOrder: {
    method: 'post',
    path: '/_emulator/orders/{id}/pay',
    summary: 'Mark an order paid',
    description:
      'Without `amount` the amount due is paid; less than due makes it `partial`. Paid in full, fulfilment runs per line and the payment events fire. Idempotent: paying again delivers nothing twice, it only retries undelivered lines. The body may be left out.',
    params: ID,
    body: PayBodySchema,
    bodyOptional: true,
    ok: answer(200, 'The order after payment.', OrderSchema),
    errors: errorCases(PAYMENT_ABOVE_DUE, PAYMENT_NOT_ABOVE_ZERO, ORDER_CLOSED_TO_PAYMENT, PAYMENT_ALREADY_SETTLED),
  },
  retryDelivery: {
    method: 'post',
    path: '/_emulator/orders/{id}/deliver',
    summary: 'Retry undelivered lines',
    description: 'Runs fulfilment again for lines left undelivered (no stock then, a Dynamic endpoint down).',
    params: ID,
    ok: ORDER,
    errors: errorCases(DELIVERY_BEFORE_PAYMENT),
  },
  addTracking: {
    method: 'post',
    path: '/_emulator/orders/{id}/tracking',
    summary: 'Add tracking',
    description: 'Tracking for the Physical lines of a paid order, which delivers them.',
    params: ID,
    body: TrackingBodySchema,
    ok: ORDER,
    errors: errorCases(TRACKING_WITHOUT_PHYSICAL, SHIPPING_BEFORE_PAYMENT),
  },
  disputeOrder: {
    method: 'post',
    path: '/_emulator/orders/{id}/dispute',
    summary: 'Dispute an order',
    description: '`paymentStatus: disputed` (paid or partial orders).',
    params: ID,
    ok: ORDER,
    errors: errorCases(DISPUTE_WITHOUT_PAYMENT),
  },
})
