// The OpenAPI documents as a running emulator serves them, read the way an outside tool reads them:
// every operation that takes a JSON body, its request schema, and ajv to check a body against it.
// Nothing here imports where the operations are declared, so the tests follow whatever list exists.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'

// ajv-formats is CommonJS with its function as `default`.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

export type Json = Record<string, any>

/** An operation of a document that takes a JSON body. */
export interface BodyOperation {
  document: 'api' | 'control'
  method: string
  /** The path as the document writes it (`/coupons/{id}`). */
  template: string
  /** The server's URL the path is relative to. */
  server: string
  /** The request body's schema, `$ref`s into the document left as they are. */
  schema: Json
  /** Where that schema is, for ajv: `api#/paths/…/schema`. */
  ref: string
  label: string
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')

/** Both documents of the emulator at `origin`, the body operations they list, and a body check. */
export async function servedDocuments(origin: string) {
  const documents = {
    api: (await (await fetch(`${origin}/api/v1/openapi.json`)).json()) as Json,
    control: (await (await fetch(`${origin}/_emulator/openapi.json`)).json()) as Json,
  }
  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true })
  addFormats(ajv)
  for (const [name, document] of Object.entries(documents)) ajv.addSchema(document, name)
  const validators = new Map<string, ValidateFunction>()
  const validatorAt = (ref: string) => {
    let validate = validators.get(ref)
    if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: ref })))
    return validate
  }

  const operations: BodyOperation[] = []
  for (const [name, document] of Object.entries(documents) as ['api' | 'control', Json][]) {
    for (const [template, item] of Object.entries(document.paths as Json)) {
      for (const [method, operation] of Object.entries(item as Json)) {
        const schema = (operation as Json).requestBody?.content?.['application/json']?.schema
        if (!schema) continue
        operations.push({
          document: name,
          method: method.toUpperCase(),
          template,
          server: document.servers[0].url,
          schema,
          ref: `${name}#/${pointer('paths', template, method, 'requestBody', 'content', 'application/json', 'schema')}`,
          label: `${method.toUpperCase()} ${name === 'api' ? '/api/v1' : ''}${template}`,
        })
      }
    }
  }

  return {
    documents,
    operations,
    /** Whether the document accepts `body` as the request body of `operation`. */
    accepts: (operation: BodyOperation, body: unknown) => validatorAt(operation.ref)(body) as boolean,
    /** A schema with its `$ref` (into its own document) followed. */
    resolve: (operation: BodyOperation, schema: Json): Json => {
      let at = schema
      while (typeof at?.$ref === 'string')
        at = (at.$ref as string)
          .slice(2)
          .split('/')
          .reduce<Json>(
            (node, part) => node[part.replaceAll('~1', '/').replaceAll('~0', '~')],
            documents[operation.document],
          )
      return at
    },
  }
}

export type ServedDocuments = Awaited<ReturnType<typeof servedDocuments>>
