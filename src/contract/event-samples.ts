import { readFileSync } from 'node:fs'
import { fixtureFileOf, validateWebhookPayload, type EventKind } from './events.js'

/** Where the sample payloads live: `fixtures/events/<kind with : as .>.json`, one per kind. */
export const EVENT_FIXTURES_DIR = new URL('../../fixtures/events/', import.meta.url)

/**
 * The sample body of a kind from `fixtures/events/`, checked against the spec's schemas on load
 * (a broken sample is an error, never sent). Used by `store webhooks trigger` and the emulator's
 * simulator (`POST /_emulator/webhooks/:id/simulate`).
 */
export function loadEventSample(kind: EventKind): Record<string, unknown> {
  const url = new URL(fixtureFileOf(kind), EVENT_FIXTURES_DIR)
  const body = JSON.parse(readFileSync(url, 'utf8')) as unknown
  const check = validateWebhookPayload(body)
  if (!check.ok || check.kind !== kind) {
    throw new Error(
      `sample ${url.pathname} is not a valid ${kind} payload: ${check.problems[0] ?? `it is a ${check.kind} payload`}`,
    )
  }
  return body as Record<string, unknown>
}
