import { createDocument, type ZodOpenApiObject, type oas31 } from 'zod-openapi'
import { API_OPERATIONS, CONTROL_OPERATIONS } from '../operations/index.js'
import type { Operation } from '../operations/operation.js'
import { errorResponses, pathsOf } from './paths.js'

export type OpenApiDocument = oas31.OpenAPIObject

/** Where the local emulator answers by default (`store serve`). */
export const DEFAULT_EMULATOR_ORIGIN = 'http://127.0.0.1:4010'

const SHOP_HEADER = {
  name: 'X-Service-Shop',
  in: 'header',
  required: false,
  description:
    "The shop, by id or slug, when the account has more than one. Without it the account's oldest shop is used. A shop the key's account does not own answers 403, exactly like an unknown one.",
  schema: { type: 'string', maxLength: 200 },
} as const

const API_TAGS = [
  ['products', 'Products: full create, read, update, delete.'],
  ['orders', 'Orders: list, read, status update.'],
  ['coupons', 'Coupons: full CRUD.'],
  ['blacklists', 'Blacklist entries: visitors kept off the storefront.'],
  ['categories', 'Categories: full CRUD, with bound products and groups.'],
  ['groups', 'Groups (bundles): full CRUD.'],
  ['customers', 'Customers: read only.'],
  ['subscriptions', 'Subscriptions: read only.'],
  ['themes', 'Themes: list, read, update.'],
  ['documents', 'This OpenAPI document.'],
] as const

const CONTROL_TAGS = [
  ['shops and keys', "The account's shops and API keys."],
  ['accounts and states', 'Isolated accounts on one emulator, and saved states of the calling account.'],
  ['products', 'Products of every status, and the dashboard-only product setup: what fulfilment delivers.'],
  ['orders', "The payment processor's and the dashboard's order actions."],
  ['subscriptions', "The processor's cancellation."],
  ['clock', "The emulator's clock: renewals, trial ends and notices fall due when it moves."],
  ['webhooks', 'Webhook endpoints, the delivery log, resend, the simulator and the live event stream.'],
  ['queries', 'Customer queries and feedback as the merchant sees them.'],
  ['requests', 'The request inspector: what your app sent and what the emulator answered.'],
  ['faults', 'Chosen failures: rules that make the next matching requests of the account fail or wait.'],
  ['storefront', 'What a customer does: public, no key.'],
  ['documents', 'This OpenAPI document, and the ready check.'],
] as const

interface DocumentOptions {
  /** Origin of the emulator the document is served by (default the local `store serve`). */
  origin?: string
}

function buildDocument(o: {
  title: string
  description: string
  serverUrl: string
  operations: Operation[]
  tags: readonly (readonly [string, string])[]
}): OpenApiDocument {
  const spec: ZodOpenApiObject = {
    openapi: '3.1.0',
    info: {
      title: o.title,
      version: '1.0.0',
      description: o.description,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: o.serverUrl, description: 'The emulator (store serve)' }],
    security: [{ bearerAuth: [] }],
    tags: o.tags.map(([name, description]) => ({ name, description })),
    paths: pathsOf(o.operations),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'The API secret key: `Authorization: Bearer <API_KEY>`.',
        },
      },
      parameters: { ShopHeader: SHOP_HEADER },
      responses: errorResponses(),
    },
  }
  return createDocument(spec)
}

/**
 * OpenAPI 3.1 of `/api/v1`, made of its operations (contract/operations) and the zod schemas the emulator validates with.
 * @example
 * const document = createApiDocument({ origin: 'http://127.0.0.1:4010' })
 */
export function createApiDocument(options: DocumentOptions = {}): OpenApiDocument {
  return buildDocument({
    title: 'Online Store API',
    description:
      'The Online Store REST API (`/api/v1`) as the local emulator implements it. Every request carries `Authorization: Bearer <API_KEY>` and optionally `X-Service-Shop`; bodies are JSON. Errors are `{ "error": "…", "errors"?: [{ "field", "message" }] }`. Where the spec leaves a detail open, the descriptions marked "Emulator:" say what the emulator does.',
    serverUrl: `${options.origin ?? DEFAULT_EMULATOR_ORIGIN}/api/v1`,
    operations: Object.values(API_OPERATIONS),
    tags: API_TAGS,
  })
}

/** OpenAPI 3.1 of the emulator's control API (`/_emulator`) and public storefront (`/storefront`), from their operations. */
export function createControlDocument(options: DocumentOptions = {}): OpenApiDocument {
  return buildDocument({
    title: 'Online Store emulator: control API and storefront',
    description:
      'What the hosted service does in its dashboard, over HTTP under `/_emulator` (Bearer key, honours `X-Service-Shop`), and what a customer does on the public storefront (`/storefront/{shop}`, no key).',
    serverUrl: options.origin ?? DEFAULT_EMULATOR_ORIGIN,
    operations: Object.values(CONTROL_OPERATIONS),
    tags: CONTROL_TAGS,
  })
}

/** Both documents of one app, each made on first use. */
export function openApiDocuments(): { api(): OpenApiDocument; control(): OpenApiDocument } {
  let api: OpenApiDocument | undefined
  let control: OpenApiDocument | undefined
  return {
    api: () => (api ??= createApiDocument()),
    control: () => (control ??= createControlDocument()),
  }
}
