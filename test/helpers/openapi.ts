// Every response the in-process tests receive is checked against the generated OpenAPI documents:
// the route and method must be described, the status listed for that route, the content type
// listed for that status, and a JSON body valid against its schema. A drift fails the test that
// made the request, with a message naming the route, the status and the field.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { createApiDocument, createControlDocument, type OpenApiDocument } from '../../src/contract/openapi/document.js'

// ajv-formats is CommonJS with its function as `default`.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

type Json = Record<string, any>

interface PathEntry {
  template: string
  pattern: RegExp
  /** Literal segments first: `/webhooks/logs` wins over `/webhooks/{id}`. */
  literals: number
  item: Json
}

interface Described {
  name: 'api' | 'control'
  document: OpenApiDocument
  paths: PathEntry[]
}

/** Which document describes a request path, and the path as that document writes it. */
function documentPathOf(path: string): { name: 'api' | 'control'; path: string } | undefined {
  const api = /^(?:\/_dashboard\/api)?\/api\/v1(\/.*)$/.exec(path)
  if (api) return { name: 'api', path: api[1] }
  const mirror = /^\/_dashboard\/api\/emulator(\/.*)$/.exec(path)
  if (mirror) return { name: 'control', path: `/_emulator${mirror[1]}` }
  if (/^\/(?:_emulator|storefront)\//.test(path)) return { name: 'control', path }
  return undefined
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')
const mediaTypeOf = (res: Response) => (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()

function indexPaths(name: Described['name'], document: OpenApiDocument): Described {
  const paths = Object.entries(document.paths ?? {}).map(([template, item]) => {
    const segments = template.split('/')
    const pattern = new RegExp(
      `^${segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`,
    )
    return { template, pattern, literals: segments.filter((s) => !s.startsWith('{')).length, item: item as Json }
  })
  paths.sort((a, b) => b.literals - a.literals)
  return { name, document, paths }
}

/** One schema error as `field: what is wrong`, the field a path into the body. */
function problemOf(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string }
  const extra = params.missingProperty ?? params.additionalProperty
  const field = `${error.instancePath}${extra ? `/${extra}` : ''}` || '(the body)'
  const what = params.missingProperty
    ? 'is required by the document but missing'
    : params.additionalProperty
      ? 'is not in the document'
      : error.message
  return `${field}: ${what}`
}

export class ResponseChecker {
  private readonly ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true })
  private readonly described: Record<Described['name'], Described>
  private readonly validators = new Map<string, ValidateFunction>()

  constructor() {
    addFormats(this.ajv)
    const api = createApiDocument()
    const control = createControlDocument()
    this.ajv.addSchema(api as object, 'api')
    this.ajv.addSchema(control as object, 'control')
    this.described = { api: indexPaths('api', api), control: indexPaths('control', control) }
  }

  private validatorAt(ref: string): ValidateFunction {
    let validate = this.validators.get(ref)
    if (!validate) this.validators.set(ref, (validate = this.ajv.compile({ $ref: ref })))
    return validate
  }

  /** Throws when the answer to `method path` does not match the documents. */
  async check(method: string, url: string, res: Response): Promise<void> {
    const requestPath = new URL(url, 'http://in-process').pathname
    const located = documentPathOf(requestPath)
    if (!located || method === 'HEAD' || method === 'OPTIONS') return
    const described = this.described[located.name]
    const type = mediaTypeOf(res)
    const entry = described.paths.find((p) => p.pattern.test(located.path))
    const operation = entry?.item[method.toLowerCase()] as Json | undefined
    const route = `${method} ${located.name === 'api' ? '/api/v1' : ''}${entry?.template ?? located.path}`
    if (!operation) {
      // Pages (HTML, and their redirects) share paths with the JSON routes; only the JSON API is described.
      if (type !== 'application/json' && res.status < 400) return
      if (type === 'text/html') return
      if (res.status < 400)
        throw new Error(`OpenAPI drift: ${route} answered ${res.status}, but the document does not describe this route`)
      return this.checkBody(`${route} → ${res.status}`, res, `${described.name}#/components/schemas/Error`)
    }
    const responses = operation.responses as Json
    if (!responses[String(res.status)])
      throw new Error(
        `OpenAPI drift: ${route} answered ${res.status}, which the document does not list for it (it lists ${Object.keys(responses).join(', ')})`,
      )
    const { at, response } = this.responseAt(described, entry!.template, method, String(res.status))
    const content = response.content as Json | undefined
    if (!content) return
    if (!content[type])
      throw new Error(
        `OpenAPI drift: ${route} answered ${res.status} as ${type || 'no content type'}, but the document lists ${Object.keys(content).join(', ')}`,
      )
    if (type === 'application/json')
      await this.checkBody(
        `${route} → ${res.status}`,
        res,
        `${described.name}#/${at}/${pointer('content', type, 'schema')}`,
      )
  }

  /** The described response and its JSON pointer in the document, following a `$ref`. */
  private responseAt(described: Described, template: string, method: string, status: string) {
    const response = described.paths.find((p) => p.template === template)!.item[method.toLowerCase()].responses[
      status
    ] as Json
    if (typeof response.$ref !== 'string')
      return { at: pointer('paths', template, method.toLowerCase(), 'responses', status), response }
    const at = response.$ref.slice(2)
    const target = at
      .split('/')
      .reduce<Json>((node, part) => node[part.replaceAll('~1', '/').replaceAll('~0', '~')], described.document)
    return { at, response: target }
  }

  /**
   * Compiles the checks of these operations' JSON answers now (`'GET /api/v1/products'`), so a test
   * that times its requests does not time the first compile of each.
   */
  warm(operations: string[]): void {
    for (const operation of operations) {
      const [method, path] = operation.split(' ')
      const located = documentPathOf(path)
      if (!located) throw new Error(`warm: no document describes ${path}`)
      const described = this.described[located.name]
      const entry = described.paths.find((p) => p.template === located.path)
      const responses = entry?.item[method.toLowerCase()]?.responses as Json | undefined
      if (!responses) throw new Error(`warm: the documents describe no ${operation}`)
      for (const status of Object.keys(responses)) {
        const { at, response } = this.responseAt(described, located.path, method, status)
        if ((response.content as Json | undefined)?.['application/json'])
          this.validatorAt(`${described.name}#/${at}/${pointer('content', 'application/json', 'schema')}`)
      }
    }
  }

  private async checkBody(route: string, res: Response, ref: string): Promise<void> {
    const text = await res.clone().text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw new Error(`OpenAPI drift: ${route}: the body is not JSON (${text.slice(0, 100)})`)
    }
    const validate = this.validatorAt(ref)
    if (validate(body)) return
    const problems = (validate.errors ?? []).slice(0, 5).map(problemOf)
    throw new Error(`OpenAPI drift: ${route}: ${problems.join('; ')}`)
  }
}

let shared: ResponseChecker | undefined
/** One checker per test file: the documents are generated and their schemas compiled once. */
export function responseChecker(): ResponseChecker {
  shared ??= new ResponseChecker()
  return shared
}

type RequestFn = (input: string | Request | URL, init?: RequestInit, ...rest: any[]) => Response | Promise<Response>
const CHECKED = Symbol('responses checked against the OpenAPI documents')

/**
 * Makes `app.request` check every answer against the documents (once per app, however often
 * called). The answer is returned as it came; its body can still be read.
 */
export function checkResponses<App extends { request: RequestFn }>(app: App): App {
  const original = app.request as RequestFn & { [CHECKED]?: true }
  if (original[CHECKED]) return app
  const checked = async (input: string | Request | URL, init?: RequestInit, ...rest: any[]) => {
    const res = await original(input, init, ...rest)
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const url = input instanceof Request ? input.url : String(input)
    await responseChecker().check(method, url, res)
    return res
  }
  app.request = Object.assign(checked, { [CHECKED]: true as const })
  return app
}
