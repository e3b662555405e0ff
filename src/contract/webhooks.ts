import * as z from 'zod'
import { DELIVERY_LOG_LIMIT, DELIVERY_STATES } from './constants.js'
import { TimestampSchema, UrlSchema, limitQuery } from './common.js'
import { WebhookEventKindSchema } from './events.js'

/**
 * Shapes of the emulator's webhook control API (`/_emulator/webhooks`, `/_emulator/events`):
 * the dashboard's "Webhooks" and "Webhook Logs" pages over HTTP (DESIGN.md, "Emulator control API").
 */

const CHAOS_MAX_MS = 60_000
const CHAOS_MAX_FAIL_FIRST = 10
const chaosMs = z
  .number()
  .int('must be a whole number of ms')
  .min(0, 'must not be negative')
  .max(CHAOS_MAX_MS, `must be at most ${CHAOS_MAX_MS} ms`)
const share = 'must be a share from 0 to 1 (0.25: a quarter of the events)'

/**
 * Delivery faults of one endpoint, so a receiver can be tested against what real senders do:
 * `duplicate` the share of events delivered twice (same event, same bytes), `reorderMs` a hold
 * of each delivery drawn from 0 up to this many ms (events close together arrive out of order),
 * `delayMs` added to every delivery, `failFirst` the first N attempts of each delivery counted as
 * failed whatever the receiver answers (it sees the event N+1 times), `seed` what the draws come
 * from: the same seed makes the same choices for the same events (one is drawn when left out).
 */
export const WebhookChaosSchema = z.strictObject({
  duplicate: z.number().min(0, share).max(1, share).optional(),
  reorderMs: chaosMs.optional(),
  delayMs: chaosMs.optional(),
  failFirst: z
    .number()
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(CHAOS_MAX_FAIL_FIRST, `must be at most ${CHAOS_MAX_FAIL_FIRST}`)
    .optional(),
  seed: z.number().int('must be a whole number').min(0, 'must not be negative').max(Number.MAX_SAFE_INTEGER).optional(),
})
export type WebhookChaosInput = z.input<typeof WebhookChaosSchema>
/** An endpoint's chaos as stored and shown: the seed always set. */
export const WebhookChaosSettingsSchema = WebhookChaosSchema.required({ seed: true })
export type WebhookChaos = z.infer<typeof WebhookChaosSettingsSchema>

/** A webhook endpoint: a URL plus at least one event kind (spec, "Webhook configuration"), and its delivery chaos if any. */
export const WebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(WebhookEventKindSchema).min(1),
    chaos: WebhookChaosSettingsSchema.optional(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'Webhook' })
export interface Webhook extends z.infer<typeof WebhookSchema> {}
export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) })
export type WebhookList = z.infer<typeof WebhookListSchema>

export const CreateWebhookBodySchema = z.strictObject({
  url: UrlSchema.describe('where deliveries go'),
  events: z
    .array(WebhookEventKindSchema)
    .min(1, 'select at least one event kind')
    .max(100)
    .transform((kinds) => [...new Set(kinds)])
    .describe('the event kinds delivered there (at least one)'),
  chaos: WebhookChaosSchema.describe(
    'delivery faults: duplicate (a share, 0..1), reorderMs, delayMs, failFirst, seed',
  ).optional(),
})
export type CreateWebhookBody = z.infer<typeof CreateWebhookBodySchema>
export type CreateWebhookInput = z.input<typeof CreateWebhookBodySchema>

export const SimulateWebhookBodySchema = z.strictObject({ event: WebhookEventKindSchema })

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
  /** What the endpoint's chaos did to this attempt (`failFirst`: the answer was counted as a failure). */
  chaos: z.string().optional(),
})
export interface DeliveryAttempt extends z.infer<typeof DeliveryAttemptSchema> {}

/**
 * What an endpoint's chaos decided for one delivery: the draw's number and seed, the wait before
 * the first attempt (`delayMs` plus the drawn `holdMs`), the attempts counted as failed, and for a
 * duplicate the delivery it repeats.
 */
export const DeliveryChaosSchema = z.object({
  seed: z.number().int(),
  draw: z.number().int().nonnegative(),
  delayMs: z.number().int().nonnegative(),
  holdMs: z.number().int().nonnegative(),
  failFirst: z.number().int().nonnegative(),
  duplicateOf: z.string().nullable(),
})
export interface DeliveryChaos extends z.infer<typeof DeliveryChaosSchema> {}

/**
 * A webhook delivery as the log shows it (spec, "Delivery rules" 3: URL, event, response status,
 * retry count, created time), with every attempt and the exact body sent (`payload`).
 */
export const WebhookDeliverySchema = z
  .object({
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
    chaos: DeliveryChaosSchema.optional(),
    payload: z.string(),
    attempts: z.array(DeliveryAttemptSchema),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'WebhookDelivery' })
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>
/** The log list leaves out the payload and attempts; GET …/logs/:id has them. */
export const WebhookDeliverySummarySchema = WebhookDeliverySchema.omit({ payload: true, attempts: true }).meta({
  id: 'WebhookDeliverySummary',
})
export interface WebhookDeliverySummary extends z.infer<typeof WebhookDeliverySummarySchema> {}
export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySummarySchema) })
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>

export const DeliveryLogQuerySchema = z.strictObject({
  limit: limitQuery(DELIVERY_LOG_LIMIT.max),
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
