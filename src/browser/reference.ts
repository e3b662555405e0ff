// The API reference page's start-up: "Try it out" without an Authorization header goes to the
// dashboard's session-authenticated mirror, in the shop selected on the page unless one was filled in.

/** What Swagger UI hands its request interceptor (the fields used here). */
interface SwaggerRequest {
  url: string
  headers?: Record<string, string>
  loadSpec?: boolean
}

declare global {
  interface Window {
    /** Swagger UI's global, from swagger-ui-bundle.js. */
    SwaggerUIBundle?: (options: Record<string, unknown>) => unknown
  }
}

const MIRRORS: [RegExp, string][] = [
  [/^\/api\/v1\//, '/_dashboard/api/v1/'],
  [/^\/_emulator\//, '/_dashboard/api/emulator/'],
]

function headerNamed(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name)
}

function asSignedInUser(request: SwaggerRequest): SwaggerRequest {
  if (request.loadSpec) return request
  const url = new URL(request.url, location.href)
  const headers = (request.headers = request.headers || {})
  if (url.origin !== location.origin || headerNamed(headers, 'authorization')) return request
  const mirror = MIRRORS.find(([from]) => from.test(url.pathname))
  if (!mirror) return request
  url.pathname = url.pathname.replace(mirror[0], mirror[1])
  request.url = url.toString()
  headers['X-Dashboard-Request'] = '1'
  if (!headerNamed(headers, 'x-service-shop')) headers['X-Service-Shop'] = document.body.getAttribute('data-shop')!
  return request
}

function init(): void {
  const root = document.getElementById('reference')
  if (!root || typeof window.SwaggerUIBundle !== 'function') return
  root.textContent = ''
  window.SwaggerUIBundle({
    url: root.getAttribute('data-document'),
    domNode: root,
    validatorUrl: null,
    withCredentials: true,
    deepLinking: false,
    defaultModelsExpandDepth: 0,
    requestInterceptor: asSignedInUser,
  })
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init)
else init()
