import type { OrderLineRecord, OrderRecord } from '../../store/records.js'

/**
 * An order line as commerce writes it. `taken` counts the units allocated to the line from stock,
 * a code pool or a drop table; it is set once, so a retry never takes twice.
 */
export type Line = OrderLineRecord

/** An order as commerce reads and writes it: the stored row. */
export type CommerceOrder = OrderRecord
