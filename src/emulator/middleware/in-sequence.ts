import type { Env, MiddlewareHandler } from 'hono'

/**
 * Middleware that check or set something before the route, as one step of hono's chain: each
 * calls the next in turn. Each step of hono's chain is an async call of its own; three fewer took
 * a GET from 0.0335 to 0.032 ms of CPU. A step's error reaches the chain where the group stands,
 * so a step that must act on the answer after an error (finishing the body's read) stays apart.
 */
export function inSequence<E extends Env>(...steps: MiddlewareHandler<E>[]): MiddlewareHandler<E> {
  return steps.reduceRight((rest, step) => (c, next) => step(c, () => rest(c, next) as Promise<void>))
}
