import { z } from 'zod'
import { NoQuerySchema } from '../../../contract/common.js'
import { answerJson } from '../../inspector/answer.js'
import { json } from '../../openapi/operations.js'
import { publicRoute } from '../route.js'

const HealthSchema = z.object({ status: z.literal('ok') }).meta({ description: 'The emulator answers everything.' })

/**
 * `GET /_emulator/health`, with no key, for compose, CI and Kubernetes checks. The app exists once
 * the db is loaded (a request that comes earlier waits for it), so any answer means ready.
 */
export const HEALTH_ROUTE = publicRoute(
  {
    method: 'get',
    path: '/_emulator/health',
    operationId: 'getHealth',
    summary: 'Ready check',
    description:
      'Answers 200 once the emulator answers every route; a request sent while `store serve` loads its db waits for it. Public: no key needed.',
    tag: 'documents',
    auth: false,
    query: NoQuerySchema,
    ok: { status: 200, description: 'Ready.', content: json(HealthSchema) },
  },
  (c) => answerJson(c, { status: 'ok' as const }),
)
