import { CreateFaultBodySchema, FaultListSchema, FaultSchema } from '../../../contract/faults.js'
import { SUCCESS, json } from '../../openapi/operations.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

/** The calling account's rules that make chosen requests fail (README, "Chosen failures"). */
export const faultRoutes = [
  authedRoute(
    {
      method: 'get',
      path: '/_emulator/faults',
      operationId: 'listFaults',
      summary: "The account's fault rules",
      description:
        'Oldest first; a rule is gone once it has failed `times` requests. Rules live in memory: a restart forgets them.',
      tag: 'faults',
      ok: { status: 200, description: '`{ faults: [...] }`', content: json(FaultListSchema) },
    },
    (c, { services }) => answerJson(c, { faults: services.faults.list(c.get('account')) }),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/_emulator/faults',
      operationId: 'createFault',
      summary: 'Make the next matching requests fail',
      description:
        "The next `times` (default 1) `/api/v1` and `/_emulator` requests of the account that match `match` (a method, a path where `*` matches any run of characters, or both; at least one) are answered `status` (default 500) with `body`, or the spec's error body, after waiting `latencyMs`. With only `latencyMs` they wait, then are answered as usual. The `/_emulator/faults` routes themselves are never failed. Any request may also carry `Prefer: code=NNN` (400-599): that one request is answered NNN with the spec's error body and changes nothing.",
      tag: 'faults',
      body: CreateFaultBodySchema,
      ok: { status: 201, description: 'The rule.', content: json(FaultSchema) },
      errors: [[409, 'The account holds 100 rules already: delete some first.']],
    },
    async (c, { services, body }) => answerJson(c, services.faults.create(c.get('account'), await body()), 201),
  ),
  authedRoute(
    {
      method: 'delete',
      path: '/_emulator/faults/{id}',
      operationId: 'deleteFault',
      summary: 'Remove a fault rule',
      tag: 'faults',
      params: { id: "The rule's id (`flt_…`)." },
      ok: SUCCESS,
    },
    (c, { services, params }) => {
      services.faults.delete(c.get('account'), params.id)
      return answerJson(c, { success: true as const })
    },
  ),
]
