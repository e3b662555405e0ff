// Which operation of `/api/v1` a request is, from the contract's operations (the OpenAPI document is
// made of them too), and what it answers: its success status and schema, and the error statuses it may give.
import type * as z from 'zod'
import { API_OPERATIONS, type Operation, errorsOf, statusOf } from '../../contract/operations/index.js'

export interface ApiRoute {
  /** `GET /products/{id}`: how reports name the endpoint. */
  name: string
  okStatus: number
  okSchema: z.ZodType | undefined
  /** Every status the route may answer: its success and its errors. */
  statuses: Set<number>
}

interface Matcher {
  method: string
  pattern: RegExp
  route: ApiRoute
}

function matcherOf(route: Operation): Matcher {
  const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')
  const statuses = new Set([route.ok.status, ...errorsOf(route).map(statusOf)])
  return {
    method: route.method.toUpperCase(),
    pattern: new RegExp(`^${source}/?$`),
    route: {
      name: `${route.method.toUpperCase()} ${route.path}`,
      okStatus: route.ok.status,
      okSchema: route.ok.content['application/json'],
      statuses,
    },
  }
}

/** Finds the route of a method and a path relative to `/api/v1` (no query). */
export function routeFinder(): (method: string, path: string) => ApiRoute | undefined {
  const matchers = Object.values<Operation>(API_OPERATIONS).map(matcherOf)
  return (method, path) => matchers.find((m) => m.method === method.toUpperCase() && m.pattern.test(path))?.route
}

/** The endpoint's name for a request no route matches: its method and path. */
export const unknownRouteName = (method: string, path: string) => `${method.toUpperCase()} ${path}`
