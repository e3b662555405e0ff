import { z } from 'zod'
import { NoQuerySchema } from '../../common.js'
import { type OperationInput, json } from '../operation.js'

const HealthSchema = z.object({ status: z.literal('ok') }).meta({ description: 'The emulator answers everything.' })

/** `GET /_emulator/health`, with no key, for compose, CI and Kubernetes checks. */
export const HEALTH_OPERATIONS = {
  getHealth: {
    method: 'get',
    path: '/_emulator/health',
    summary: 'Ready check',
    description:
      'Answers 200 once the emulator answers every route; a request sent while `store serve` loads its db waits for it. Public: no key needed.',
    tag: 'documents',
    auth: false,
    query: NoQuerySchema,
    ok: { status: 200, description: 'Ready.', content: json(HealthSchema) },
  },
} satisfies Record<string, OperationInput>
