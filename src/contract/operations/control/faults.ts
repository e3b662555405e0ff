import { CreateFaultBodySchema, FaultListSchema, FaultSchema } from '../../faults.js'
import { answer, SUCCESS, area } from '../operation.js'

/** The calling account's rules that make chosen requests fail (docs/webhooks.md, "Chosen failures"). */
export const FAULT_OPERATIONS = area('faults', {
  listFaults: {
    method: 'get',
    path: '/_emulator/faults',
    summary: "The account's fault rules",
    description:
      'Oldest first; a rule is gone once it has failed `times` requests. Rules live in memory: a restart forgets them.',
    ok: answer(200, '`{ faults: [...] }`', FaultListSchema),
  },
  createFault: {
    method: 'post',
    path: '/_emulator/faults',
    summary: 'Make the next matching requests fail',
    description:
      "The next `times` (default 1) `/api/v1` and `/_emulator` requests of the account that match `match` (a method, a path where `*` matches any run of characters, or both; at least one) are answered `status` (default 500) with `body`, or the spec's error body, after waiting `latencyMs`. With only `latencyMs` they wait, then are answered as usual. The `/_emulator/faults` routes themselves are never failed. Any request may also carry `Prefer: code=NNN` (400-599): that one request is answered NNN with the spec's error body and changes nothing.",
    body: CreateFaultBodySchema,
    ok: answer(201, 'The rule.', FaultSchema),
    errors: [[409, 'The account holds 100 rules already: delete some first.']],
  },
  deleteFault: {
    method: 'delete',
    path: '/_emulator/faults/{id}',
    summary: 'Remove a fault rule',
    params: { id: "The rule's id (`flt_…`)." },
    ok: SUCCESS,
  },
})
