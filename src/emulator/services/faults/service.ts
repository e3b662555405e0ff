import { notFound, StoreError } from '../../../contract/errors.js'
import { FAULT_LIMITS, type CreateFaultBody, type Fault } from '../../../contract/faults.js'
import type { AccountRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { pathGlob } from './path-glob.js'

/**
 * Chosen failures (`/_emulator/faults`): per-account rules that make the next matching requests
 * fail, or wait first. Rules live in memory, as the request log does: a restart forgets them.
 */
export class FaultService {
  private readonly rules = new Map<string, Fault[]>()

  constructor(private readonly deps: ServiceDeps) {}

  list(account: AccountRecord): Fault[] {
    return (this.rules.get(account.id) ?? []).map(present)
  }

  create(account: AccountRecord, body: CreateFaultBody): Fault {
    let rules = this.rules.get(account.id)
    if (!rules) this.rules.set(account.id, (rules = []))
    if (rules.length >= FAULT_LIMITS.rules)
      throw new StoreError(
        409,
        `this account holds ${FAULT_LIMITS.rules} fault rules already, the most it may; delete some (DELETE /_emulator/faults/:id)`,
      )
    const onlyDelays = body.status === undefined && body.body === undefined && body.latencyMs !== undefined
    const rule: Fault = {
      id: this.deps.newId('flt'),
      match: body.match,
      status: onlyDelays ? null : (body.status ?? 500),
      body: body.body ?? null,
      latencyMs: body.latencyMs ?? 0,
      times: body.times,
      remaining: body.times,
      createdAt: this.deps.nowIso({ accountId: account.id }),
    }
    rules.push(rule)
    return present(rule)
  }

  delete(account: AccountRecord, id: string): void {
    const rules = this.rules.get(account.id) ?? []
    const at = rules.findIndex((r) => r.id === id)
    if (at < 0) throw notFound('fault rule', id)
    rules.splice(at, 1)
  }

  /** The oldest rule of the account that matches the request, used once (a rule used up is dropped). */
  take(account: AccountRecord, method: string, path: string): Fault | undefined {
    const rules = this.rules.get(account.id) ?? []
    const at = rules.findIndex(
      (r) =>
        (r.match.method === undefined || r.match.method === method) &&
        (r.match.path === undefined || pathGlob(r.match.path)(path)),
    )
    if (at < 0) return undefined
    const rule = rules[at]
    if (--rule.remaining === 0) rules.splice(at, 1)
    return present(rule)
  }
}

function present(rule: Fault): Fault {
  return { ...rule, match: { ...rule.match } }
}
