import { z } from 'zod'
import { EventStreamQuerySchema } from '../../webhooks.js'
import type { OperationInput } from '../operation.js'

/** Request headers of a stream that resumes (the request inspector's too). */
export const LastEventIdHeader = z.object({
  'Last-Event-ID': z
    .string()
    .optional()
    .meta({ description: 'The `id` of the last message received: the stream first replays what came after it.' }),
})

/** A body of Server-Sent Events, in the document's words. */
export const eventStream = (what: string) => ({
  'text/event-stream': z.string().meta({ description: what }),
})

/** The shop's events as Server-Sent Events. */
export const EVENT_OPERATIONS = {
  streamEvents: {
    method: 'get',
    path: '/_emulator/events',
    summary: 'Live events (Server-Sent Events)',
    description:
      "Every event of the shop as it is committed. Each message's `id` is the event's sequence number and its `data` an emitted event (`{id, sequence, event, data, shopId, createdAt}`). `Last-Event-ID` (or `?lastEventId=`) first replays the logged events after it; `?events=k1,k2` filters by kind.",
    tag: 'webhooks',
    query: EventStreamQuerySchema,
    headers: LastEventIdHeader,
    errors: [
      [
        429,
        'The key already holds the most open event streams one key may (100): close one, or use another key (`POST /_emulator/keys`). Or past `store serve --rate-limit`, with `Retry-After`.',
      ],
    ],
    ok: {
      status: 200,
      description: 'The stream.',
      content: eventStream('Server-Sent Events; `data` is an emitted event as JSON.'),
    },
  },
} satisfies Record<string, OperationInput>
