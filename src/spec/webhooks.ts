import * as z from 'zod'
import { DELIVERY_LOG_LIMIT, DELIVERY_STATES } from './constants.js'
import { TimestampSchema, UrlSchema } from './common.js'
import { WebhookEventKindSchema } from './events.js'

/**
 * Shapes of the emulator's webhook control API (`/_emulator/webhooks`, `/_emulator/events`):
 * the dashboard's "Webhooks" and "Webhook Logs" pages over HTTP (DESIGN.md, "Emulator control API").
 */

/** A webhook endpoint: a URL plus at least one event kind (spec, "Webhook configuration"). */
export const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventKindSchema).min(1),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
})
export interface Webhook extends z.infer<typeof WebhookSchema> {}
export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) })
export interface WebhookList extends z.infer<typeof WebhookListSchema> {
  webhooks: Webhook[]
}

export const CreateWebhookBodySchema = z.strictObject({
  url: UrlSchema,
  events: z
    .array(WebhookEventKindSchema)
    .min(1, 'select at least one event kind')
    .max(100)
    .transform((kinds) => [...new Set(kinds)]),
})
export type CreateWebhookBody = z.infer<typeof CreateWebhookBodySchema>
export type CreateWebhookInput = z.input<typeof CreateWebhookBodySchema>

export const SimulateWebhookBodySchema = z.strictObject({ event: WebhookEventKindSchema })

export { DELIVERY_LOG_LIMIT } from './constants.js'
export const DeliveryStateSchema = z.enum(DELIVERY_STATES)
export type DeliveryState = z.infer<typeof DeliveryStateSchema>

/** One HTTP attempt of a delivery. `status` is null when no answer came (refused, timed out). */
export const DeliveryAttemptSchema = z.object({
  attempt: z.number().int().positive(),
  at: TimestampSchema,
  status: z.number().int().nullable(),
  durationMs: z.number().nonnegative(),
  error: z.string().nullable(),
  responseBody: z.string(),
  responseTruncated: z.boolean(),
})
export interface DeliveryAttempt extends z.infer<typeof DeliveryAttemptSchema> {}

/**
 * A webhook delivery as the log shows it (spec, "Delivery rules" 3: URL, event, response status,
 * retry count, created time), with every attempt and the exact body sent (`payload`).
 */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string().nullable(),
  eventId: z.string().nullable(),
  event: z.string(),
  url: z.string(),
  state: DeliveryStateSchema,
  responseStatus: z.number().int().nullable(),
  retryCount: z.number().int().nonnegative(),
  maxAttempts: z.number().int().positive(),
  nextAttemptAt: TimestampSchema.nullable(),
  origin: z.enum(['event', 'resend', 'simulate']),
  resendOf: z.string().nullable(),
  payload: z.string(),
  attempts: z.array(DeliveryAttemptSchema),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
})
export interface WebhookDelivery extends z.infer<typeof WebhookDeliverySchema> {
  attempts: DeliveryAttempt[]
}
/** The log list leaves out the payload and attempts; GET …/logs/:id has them. */
export const WebhookDeliverySummarySchema = WebhookDeliverySchema.omit({ payload: true, attempts: true })
export interface WebhookDeliverySummary extends z.infer<typeof WebhookDeliverySummarySchema> {}
export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySummarySchema) })
export interface WebhookDeliveryList extends z.infer<typeof WebhookDeliveryListSchema> {
  deliveries: WebhookDeliverySummary[]
}

export const DeliveryLogQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(DELIVERY_LOG_LIMIT.max, `must be at most ${DELIVERY_LOG_LIMIT.max}`)
    .optional(),
  webhook: z.string().max(100).optional(),
  event: z.string().max(100).optional(),
  state: DeliveryStateSchema.optional(),
})
export type DeliveryLogQuery = z.output<typeof DeliveryLogQuerySchema>

/**
 * One event of the live stream (`GET /_emulator/events`, Server-Sent Events): the SSE `id` is
 * `sequence`, a number that grows by one per event of the emulator, so `Last-Event-ID` resumes.
 */
export const EmittedEventSchema = z.object({
  id: z.string(),
  sequence: z.number().int().positive(),
  event: z.string(),
  data: z.record(z.string(), z.unknown()),
  shopId: z.string(),
  createdAt: TimestampSchema,
})
export interface EmittedEvent extends z.infer<typeof EmittedEventSchema> {}

export const EventStreamQuerySchema = z.strictObject({
  events: z.string().max(5000).optional(),
  lastEventId: z.string().max(40).optional(),
})
