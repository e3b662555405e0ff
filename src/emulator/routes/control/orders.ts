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
} from '../../../contract/fulfilment.js'
import { errorCases } from '../../../contract/refusals.js'
import { OrderSchema } from '../../../contract/orders.js'
import { json } from '../../openapi/operations.js'
import { presentOrder } from '../../services/orders/present.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

const ID = { id: 'The order id or its `ORD-…` order number.' }
const ORDER = { status: 200, description: 'The order.', content: json(OrderSchema) }

/** The payment processor's and the dashboard's order actions: `/_emulator/orders/:id/…` (README, "Order flow"). */
export const orderControlRoutes = [
  authedRoute(
    {
      method: 'post',
      path: '/_emulator/orders/{id}/pay',
      operationId: 'payOrder',
      summary: 'Mark an order paid',
      description:
        'Without `amount` the amount due is paid; less than due makes it `partial`. Paid in full, fulfilment runs per line and the payment events fire. Idempotent: paying again delivers nothing twice, it only retries undelivered lines. The body may be left out.',
      tag: 'orders',
      params: ID,
      body: PayBodySchema,
      bodyOptional: true,
      ok: { status: 200, description: 'The order after payment.', content: json(OrderSchema) },
      errors: errorCases(PAYMENT_ABOVE_DUE, PAYMENT_NOT_ABOVE_ZERO, ORDER_CLOSED_TO_PAYMENT, PAYMENT_ALREADY_SETTLED),
    },
    async (c, { services, params, body }) =>
      answerJson(c, presentOrder(await services.payment.pay(c.get('shop'), params.id, await body()))),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/_emulator/orders/{id}/deliver',
      operationId: 'retryDelivery',
      summary: 'Retry undelivered lines',
      description: 'Runs fulfilment again for lines left undelivered (no stock then, a Dynamic endpoint down).',
      tag: 'orders',
      params: ID,
      ok: ORDER,
      errors: errorCases(DELIVERY_BEFORE_PAYMENT),
    },
    async (c, { services, params }) =>
      answerJson(c, presentOrder(await services.payment.deliver(c.get('shop'), params.id))),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/_emulator/orders/{id}/tracking',
      operationId: 'addTracking',
      summary: 'Add tracking',
      description: 'Tracking for the Physical lines of a paid order, which delivers them.',
      tag: 'orders',
      params: ID,
      body: TrackingBodySchema,
      ok: ORDER,
      errors: errorCases(TRACKING_WITHOUT_PHYSICAL, SHIPPING_BEFORE_PAYMENT),
    },
    async (c, { services, params, body }) =>
      answerJson(c, presentOrder(await services.payment.track(c.get('shop'), params.id, await body()))),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/_emulator/orders/{id}/dispute',
      operationId: 'disputeOrder',
      summary: 'Dispute an order',
      description: '`paymentStatus: disputed` (paid or partial orders).',
      tag: 'orders',
      params: ID,
      ok: ORDER,
      errors: errorCases(DISPUTE_WITHOUT_PAYMENT),
    },
    async (c, { services, params }) =>
      answerJson(c, presentOrder(await services.payment.dispute(c.get('shop'), params.id))),
  ),
]
