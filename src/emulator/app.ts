import { Hono, type Context, type MiddlewareHandler, type Next } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { StoreError } from '../contract/errors.js'
import { REQUEST_LOG_CAPACITY } from '../contract/requests.js'
import type { EmulatorDeps } from './deps.js'
import { commitWait } from './middleware/commit-wait.js'
import type { Services } from './services/index.js'
import { errorResponse } from './middleware/errors.js'
import { unreadableBody } from './middleware/validate.js'
import { chosenFailures, injectFaults } from './middleware/faults.js'
import { AllowedHosts, checkHost } from './middleware/hosts.js'
import { guardDbSize } from './middleware/db-size.js'
import { rateLimit, storefrontWriter } from './middleware/rate-limit.js'
import { requireKey, selectShop, waitForShopAccount, type AuthedEnv } from './middleware/auth.js'
import { apiRoutes } from './routes/api.js'
import { controlRoutes } from './routes/control/index.js'
import { accountHandlers } from './routes/control/accounts.js'
import { healthHandlers } from './routes/control/health.js'
import { eventMessages } from './routes/control/events.js'
import { mountRoutes, type RouteDeps } from './routes/route.js'
import { openApiDocuments } from '../contract/openapi/document.js'
import { cors } from 'hono/cors'
import { dashboardRoutes } from './routes/dashboard/index.js'
import { assetRoutes, embedRoutes, storefrontPageRoutes } from './routes/pages/index.js'
import { storefrontRoutes } from './routes/storefront/index.js'
import { openApiRoutes } from './routes/openapi.js'
import { RequestRecorder } from './inspector/recorder.js'
import { recordRequests } from './inspector/record.js'
import { bearerKeyOf, maskSecretsIn } from '../contract/mask.js'
import { answerJson } from './inspector/answer.js'

export const DEFAULT_BODY_LIMIT = 1024 * 1024
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH'])
/** Largest body of a storefront write (checkout, question, feedback). */
export const STOREFRONT_BODY_LIMIT = 64 * 1024

/** The spec's 413 error for a body over `maxSize` bytes. */
function refuseLargeBody(maxSize: number): never {
  const message = `is larger than ${maxSize} bytes; send a smaller request`
  throw new StoreError(413, `body: ${message}`, [{ field: 'body', message }])
}

/** Largest body of the two routes that take a whole seed file: a new account's, and a restore's. */
export const SEED_BODY_LIMIT = 16 * 1024 * 1024
const TAKES_SEED = new Set(['/_emulator/accounts', '/_emulator/state/restore'])

/**
 * The body limit of each path: `maxSize`, and at most {@link STOREFRONT_BODY_LIMIT} under
 * `/storefront/`, which takes bodies from anyone (a checkout, a question or feedback needs far less);
 * a seed file (what `store serve --seed` loads, or what drift builds from a recording) up to
 * {@link SEED_BODY_LIMIT} on the routes that take one.
 */
function limitBodies(maxSize: number): MiddlewareHandler {
  const api = limitBody(maxSize)
  const storefront = limitBody(Math.min(STOREFRONT_BODY_LIMIT, maxSize))
  const seeds = limitBody(Math.max(SEED_BODY_LIMIT, maxSize))
  return (c, next) =>
    (c.req.path.startsWith('/storefront/') ? storefront : TAKES_SEED.has(c.req.path) ? seeds : api)(c, next)
}

/**
 * hono's body limit, refusing with the spec's 413 error body, and a body that cannot be read to
 * its end (the client went away mid-body) with a 400.
 */
function limitBody(maxSize: number): MiddlewareHandler {
  const limit = bodyLimit({ maxSize, onError: () => refuseLargeBody(maxSize) })
  const limitStream: MiddlewareHandler = async (c, next) => {
    try {
      return await limit(c, next)
    } catch (error) {
      // Handlers' errors are answered inside next(): what escapes is the limit's own read of the body.
      if (error instanceof StoreError || error instanceof HTTPException) throw error
      throw unreadableBody()
    }
  }
  return (c, next) => {
    // A body sent with any other method is never read (and is discarded after the answer).
    if (!WITH_BODY.has(c.req.method)) return next()
    // A body of a stated length is checked by its header, as hono's limit does first, but without
    // asking for `raw.body`: @hono/node-server then reads the body straight from the socket instead
    // of building a web Request and stream, about half a create's CPU (the durable-create target, bench/).
    const length = c.req.header('content-length')
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number.parseInt(length, 10) > maxSize) refuseLargeBody(maxSize)
      return next()
    }
    return limitStream(c, next)
  }
}

/**
 * The emulator as a Hono app owning full paths (`/api/v1/…`, `/_emulator/…`, `/storefront/…`) over
 * the services startEmulator built. `store serve` hands it to @hono/node-server; tests and MSW call
 * `app.request` / `app.fetch`.
 */
export function createApp(services: Services, deps: EmulatorDeps): Hono {
  const app = new Hono()
  app.onError((error, c) => errorResponse(error, c, deps.log))
  const allowedMethods = methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) =>
      answerJson(
        c,
        { error: `method ${c.req.method} is not allowed on ${c.req.path}; use ${methods.join(', ')}` },
        405,
        {
          Allow: methods.join(', '),
        },
      ),
  })
  // A path with routes for other methods answers 405 (hono's method-not-allowed, asked only when no route answered).
  app.notFound(async (c) => {
    c.res = answerJson(
      c,
      {
        error: `not found: no route ${c.req.method} ${c.req.path}. The API lives under /api/v1 (see the README for every route).`,
      },
      404,
    )
    await allowedMethods(c, async () => undefined)
    return c.res
  })
  if (deps.options.logRequests) app.use(requestLog(deps))
  const hosts = new AllowedHosts(deps.options.allowedHosts)
  const requests = new RequestRecorder(
    REQUEST_LOG_CAPACITY,
    deps.options.recordRequests !== false,
    deps.options.requestLogBytes,
  )
  // Outside the request log, which never throws: the log shows the answer as the app made it, before a `Connection: close`.
  const record = requests.isRecording && recordRequests(requests, deps.clock, (a) => services.clock.offsetMs(a))
  app.use(finishReadingBody)
  if (record) app.use(record)
  services.accounts.onAccountDeleted((id) => requests.forget(id))
  // Commit-wait first: the checks' refusals, which change nothing, pass through it; its own error is answered here.
  app.use(
    commitWait(deps.store),
    checkHost(hosts),
    limitBodies(deps.options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT),
    guardDbSize(deps.store, () => services.states.savedBytes, deps.options),
  )

  // The options are fixed when the app is built: a limit or fault not asked for costs no step per request.
  const { rateLimit: limit, storefrontRateLimit: visitorLimit, latencyMs, failRate } = deps.options
  const authed = (base: Hono<AuthedEnv>) =>
    base.use(
      requireKey(services.accounts),
      ...(limit ? [rateLimit<AuthedEnv>(deps.clock, limit, 'requests', 'key', (c) => c.get('key').id)] : []),
      selectShop(services.accounts),
      chosenFailures(services.faults, deps.sleep),
    )
  const api = authed(new Hono<AuthedEnv>())
  if (latencyMs || failRate) api.use(injectFaults(deps))
  const routeDeps: RouteDeps = {
    services,
    options: deps.options,
    requests,
    documents: openApiDocuments(),
    eventMessage: eventMessages(),
  }
  app.route('/', openApiRoutes(routeDeps))
  app.route('/api/v1', apiRoutes(routeDeps, api))
  // Before the control routes: the admin key may call these and is no account's key.
  mountRoutes(app, { ...accountHandlers, ...healthHandlers }, routeDeps)
  app.route('/_emulator', controlRoutes(routeDeps, authed(new Hono<AuthedEnv>())))
  // The embed checks out from foreign origins: the public storefront allows any origin, without
  // credentials (nothing there reads cookies); /embed.js and /embed.css say so themselves. The dashboard gets no CORS.
  app.use(
    '/storefront/*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Accept'],
      maxAge: 600,
    }),
  )
  if (visitorLimit) {
    const per = 'visitor (store serve --storefront-rate-limit)'
    app.use('/storefront/*', rateLimit(deps.clock, visitorLimit, 'storefront writes', per, storefrontWriter))
  }
  app.use('/storefront/:shop/*', waitForShopAccount(services.accounts))
  app.route('/', assetRoutes())
  app.route('/', embedRoutes(routeDeps))
  app.route('/_dashboard', dashboardRoutes(routeDeps, deps, hosts))
  // Before the JSON storefront routes: the invoice page answers unless JSON is asked for.
  app.route('/storefront', storefrontPageRoutes(routeDeps, deps.log))
  app.route('/storefront', storefrontRoutes(routeDeps))
  return app
}

/** `store serve`'s line per request; a key in the path is masked as the request log masks it. */
function requestLog(deps: EmulatorDeps) {
  return async (c: Context, next: Next) => {
    const started = performance.now()
    await next()
    const caller = bearerKeyOf(c.req.header('authorization'))
    const path = maskSecretsIn(c.req.path, caller ? [caller] : [])
    deps.log(`${c.req.method} ${path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`)
  }
}

/** How much of an unread request body is read and thrown away so the connection stays usable. */
const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024
const DISCARD_LIMIT_MS = 5_000

/**
 * An answer sent before the request's body was read to its end (401, 404, 413, 415…) first reads
 * and discards the rest, within limits, so the kept-alive connection stays usable; past the limits
 * it says `Connection: close` (RFC 9112, section 9.6). Otherwise @hono/node-server drains the rest
 * itself and cuts the socket after 500 ms whatever runs on it then: the client's next request on
 * that connection fails with "other side closed", its answer lost even when it was applied.
 */
const finishReadingBody: MiddlewareHandler = (c, next) => {
  const length = c.req.header('content-length')
  const isCarryingBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined
  return isCarryingBody ? discardUnread(c, c.req.raw, next) : next()
}

/** After the answer: the rest of the request's body `raw` read and thrown away, or the connection closed. */
async function discardUnread(c: Context, raw: Request, next: Next): Promise<void> {
  await next()
  if (raw.bodyUsed && c.res.status !== 413) return
  // The body limit leaves a chunked body it refused half read and locked: only closing helps then.
  if (raw.bodyUsed || !raw.body || !(await discardBody(raw.body))) {
    try {
      c.res.headers.set('Connection', 'close')
    } catch {
      // A response with immutable headers (Response.redirect): copied into one that takes the header.
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set('Connection', 'close')
    }
  }
}

/** Reads a body to its end and throws it away; false when it is longer or slower than the limits. */
async function discardBody(body: ReadableStream<Uint8Array>): Promise<boolean> {
  const reader = body.getReader()
  let isTooSlow = false
  const deadline = setTimeout(() => {
    isTooSlow = true
    void reader.cancel().catch(() => undefined)
  }, DISCARD_LIMIT_MS)
  try {
    for (let size = 0; ; ) {
      const { done, value } = await reader.read()
      if (done) return !isTooSlow
      size += value.byteLength
      if (size > DISCARD_LIMIT_BYTES) {
        await reader.cancel().catch(() => undefined)
        return false
      }
    }
  } catch {
    return false
  } finally {
    clearTimeout(deadline)
  }
}
