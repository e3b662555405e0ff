import * as z from 'zod'
import { CUSTOMER_LIMIT } from './constants.js'
import { TimestampSchema, limitQuery } from './common.js'

export const CustomerSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    totalOrders: z.number().int().describe('Emulator: checkouts.'),
    totalSpent: z.number().describe('Emulator: payments, partial ones included.'),
    lastOrderAt: TimestampSchema.nullable().describe('Emulator: the last checkout.'),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({
    id: 'Customer',
    description: 'A customer who placed orders (read only). Emulator: kept per shop by e-mail from checkouts.',
  })
export interface Customer extends z.infer<typeof CustomerSchema> {}

/** The single-customer read adds order stats and notes (shape decided by the emulator: README). */
export const CustomerDetailSchema = CustomerSchema.extend({
  stats: z.object({
    paidOrders: z.number().int(),
    unpaidOrders: z.number().int(),
    averageOrderValue: z.number(),
    firstOrderAt: TimestampSchema.nullable(),
  }),
  notes: z.array(z.object({ text: z.string(), createdAt: TimestampSchema })),
}).meta({ id: 'CustomerDetail' })
export interface CustomerDetail extends z.infer<typeof CustomerDetailSchema> {}

export const CustomerListQuerySchema = z.strictObject({
  limit: limitQuery(CUSTOMER_LIMIT.max),
})
export type CustomerListQuery = z.output<typeof CustomerListQuerySchema>
export const CustomerListSchema = z.object({ customers: z.array(CustomerSchema) })
export type CustomerList = z.infer<typeof CustomerListSchema>
