import type { Context, MiddlewareHandler, Next } from 'hono'
import { StoreError } from '../../contract/errors.js'
import type { EmulatorDeps, Sleep } from '../deps.js'
import { seededDraw } from '../seeded-draw.js'
import type { FaultService } from '../services/faults/service.js'
import type { Fault } from '../../contract/faults.js'
import type { AuthedEnv } from './auth.js'
import { answerJson } from '../inspector/answer.js'

/**
 * `--latency` and `--fail-rate`: delay and random 500s so clients can exercise their retries.
 * With `--fail-seed N` the n-th request fails or not by a draw of (N, n) alone, so a run that
 * sends the same requests in the same order gets the same failures every time.
 */
export function injectFaults({ options, random, sleep }: EmulatorDeps): MiddlewareHandler {
  const { failSeed } = options
  let drawn = 0
  const draw = () => {
    if (failSeed !== undefined) return seededDraw('fail-rate', failSeed, drawn++)
    const [a, b] = random.bytes(2)
    return ((a << 8) | b) / 65536
  }
  return async (_c, next) => {
    const { latencyMs, failRate } = options
    if (latencyMs) await sleep(latencyMs)
    if (failRate && failRate > 0 && draw() < failRate)
      throw new StoreError(500, 'injected failure (--fail-rate); retry the request')
    await next()
  }
}

/** `Prefer: code=404` (RFC 7240 preferences, comma-separated): the status asked for, if any. */
function preferredCode(header: string | undefined): string | undefined {
  if (!header) return undefined
  for (const preference of header.split(',')) {
    const match = /^\s*code\s*=\s*"?([^";\s]*)"?/i.exec(preference)
    if (match) return match[1]
  }
  return undefined
}

/** The spec's error body for an answer chosen on purpose; a 400 names its field, as validation errors do. */
function chosenError(status: number, why: string): StoreError {
  const message = `${why}; the request changed nothing`
  const headers = status === 429 || status === 503 ? { 'Retry-After': '1' } : undefined
  if (status === 400) return new StoreError(400, `request: ${message}`, [{ field: 'request', message }], headers)
  return new StoreError(status, message, undefined, headers)
}

/**
 * `Prefer: code=NNN` (docs/webhooks.md, "Chosen failures"): throws the error that answers the request with
 * NNN before it changes anything; returns when the header asks for no code.
 */
export function answerPreferredCode(header: string | undefined): void {
  const code = preferredCode(header)
  if (code === undefined) return
  const status = Number(code)
  if (!/^\d{3}$/.test(code) || status < 400 || status > 599) {
    const message = `code=${code} is not a status from 400 to 599 (e.g. Prefer: code=503); the request changed nothing`
    throw new StoreError(400, `Prefer: ${message}`, [{ field: 'Prefer', message }])
  }
  throw chosenError(status, `answered ${status} as the request header "Prefer: code=${status}" asked`)
}

/**
 * Chosen failures of `/api/v1` and `/_emulator` requests, after the key is checked: the header
 * `Prefer: code=NNN` answers that one request with NNN, and the account's fault rules
 * (`/_emulator/faults`) the next requests they match. The rules' own routes are never failed.
 */
export function chosenFailures(faults: FaultService, sleep: Sleep): MiddlewareHandler<AuthedEnv> {
  return (c, next) => {
    answerPreferredCode(c.req.header('prefer'))
    if (c.req.path.startsWith('/_emulator/faults')) return next()
    const rule = faults.take(c.get('account'), c.req.method, c.req.path)
    if (!rule) return next()
    return applyRule(c, next, rule, sleep)
  }
}

/** Answers as the fault rule says, after its latency: passes the request on, or answers its status or body. */
async function applyRule(c: Context, next: Next, rule: Fault, sleep: Sleep): Promise<Response | undefined> {
  if (rule.latencyMs) await sleep(rule.latencyMs)
  if (rule.status === null) {
    await next()
    return undefined
  }
  if (rule.body) return answerJson(c, rule.body, rule.status as 400)
  throw chosenError(
    rule.status,
    `answered ${rule.status} by the fault rule ${rule.id} (${rule.remaining} more to fail; DELETE /_emulator/faults/${rule.id} removes it)`,
  )
}
