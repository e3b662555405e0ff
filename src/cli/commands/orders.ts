import type { Command } from 'commander'
import { ORDER_LIMIT } from '../../contract/constants.js'
import type { Order, OrderItem } from '../../contract/orders.js'
import type { CommandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { formatMoney, type Column } from '../output.js'
import { registerResource } from '../resource.js'

const ITEM_COLUMNS: Column<OrderItem>[] = [
  ['PRODUCT', (i) => i.productName],
  ['TYPE', (i) => i.productType],
  ['QTY', (i) => i.quantity],
  ['PRICE', (i) => formatMoney(i.price)],
  ['TOTAL', (i) => formatMoney(i.total)],
  ['DELIVERY', (i) => i.delivery?.status],
]

/** The order's fields, then (on a terminal) its lines as a table. */
export function showOrder(cc: CommandContext, order: Order): void {
  const entries: [string, unknown][] = [
    ['orderNumber', order.orderNumber],
    ['id', order.id],
    ['status', order.status],
    ['paymentStatus', order.paymentStatus],
    ['total', formatMoney(order.total, order.currency)],
    ['customer', order.customerName ? `${order.customerName} <${order.customerEmail}>` : order.customerEmail],
    ['paymentMethod', order.paymentMethod],
    ['createdAt', order.createdAt],
    ['paidAt', order.paidAt],
  ]
  if (!cc.out.isTTY) return cc.out.record(order, [...entries, ['items', order.items]])
  cc.out.record(order, entries)
  cc.out.line()
  cc.out.rows(order.items, ITEM_COLUMNS)
  if (order.items.some((i) => i.mystery?.opens?.length))
    cc.out.info(cc.out.chalk.dim(`Check the mystery rolls: store mystery verify ${order.orderNumber}`))
}

export function register(program: Command, ctx: CliContext): void {
  // The paymentStatus an order had before this run's `--status refunded`: whether money went back.
  const paymentBefore = new Map<string, Order['paymentStatus']>()
  registerResource<Order>(program, ctx, {
    name: 'orders',
    one: 'Order',
    description: 'list and show orders, set their status (id or ORD- number)',
    examples: {
      id: 'ORD-1',
      list: ['store orders list --limit 10', 'store orders list --json'],
      update: ['store orders update ORD-2 --status cancelled', 'store orders update ORD-1 --status refunded'],
    },
    show: showOrder,
    saved: (out, order, verb) => {
      out.success(`${verb} order ${order.orderNumber}`)
      if (order.status === 'refunded') out.info(refundLine(order, paymentBefore.get(order.id)))
    },
    columns: [
      ['ORDER', (o) => o.orderNumber],
      ['STATUS', (o) => o.status],
      ['PAYMENT', (o) => o.paymentStatus],
      ['TOTAL', (o) => formatMoney(o.total, o.currency)],
      ['CUSTOMER', (o) => o.customerEmail],
      ['ITEMS', (o) => o.items.reduce((n, i) => n + i.quantity, 0)],
      ['CREATED', (o) => o.createdAt],
    ],
    flags: { list: { limit: { description: `how many (1-${ORDER_LIMIT.max}, default ${ORDER_LIMIT.default})` } } },
    beforeUpdate: async (cc, id, body) => {
      if (body.status !== 'refunded') return
      const before = await cc.client().orders.get(id)
      paymentBefore.set(before.id, before.paymentStatus)
    },
  })
}

/** What a `--status refunded` did with the money: it went back now, or nothing moved (and why). */
export function refundLine(order: Order, paymentBefore: Order['paymentStatus'] | undefined): string {
  if (paymentBefore === 'refunded')
    return 'nothing moved: the order was refunded already (its money went back then); delivered goods, stock and codes stay as they are'
  if (order.paymentStatus !== 'refunded')
    return `no money moved: the order took none (paymentStatus stays ${order.paymentStatus}); delivered goods, stock and codes stay as they are`
  return `paymentStatus refunded: ${order.amountPaid ?? order.total} ${order.currency} went back to the buyer; delivered goods, stock and codes stay as they are`
}
