import type { Context } from 'hono'
import type { AuthedEnv } from '../middleware/auth.js'
import type { Services } from '../services/index.js'
import type { ShopRecord } from '../../contract/rows.js'
import type { JsonAnswer, RouteDeps } from './route.js'

/** A shop's resource as its service keeps it. */
interface ResourceService<Row> {
  /** The shop's rows, newest first or as the resource orders them. */
  list?(shop: ShopRecord): Row[]
  get(shop: ShopRecord, id: string): Row
  create(shop: ShopRecord, body: never): Promise<Row>
  update(shop: ShopRecord, id: string, body: never): Promise<Row>
  delete(shop: ShopRecord, id: string): Promise<void>
}

type Input = RouteDeps & { params: Record<'id', string>; body(): Promise<unknown> }
type CrudHandler<I> = (c: Context<AuthedEnv>, input: I) => JsonAnswer | Promise<JsonAnswer>

/**
 * The handlers of a shop's resource with the standard operations (list, get, create, update,
 * delete): its service, how its rows are listed, and its presenter, applied here to every row
 * each answers.
 * @example
 * const entry = crudHandlers({ key: 'blacklists', service: (s) => s.blacklists, present: presentBlacklistEntry })
 * authedHandlers({ getBlacklistEntry: entry.get, createBlacklistEntry: entry.create, … })
 */
export function crudHandlers<Row>(resource: {
  /** The list's envelope key: `{ groups: [...] }`. */
  key: string
  service: (services: Services) => ResourceService<Row>
  /** The row as the API shows it (the row itself when left out). */
  present?: (row: Row, services: Services, shop: ShopRecord) => unknown
}) {
  const { key, service } = resource
  const present = resource.present ?? ((row: Row) => row)
  const shown = (c: Context<AuthedEnv>, services: Services, row: Row) => present(row, services, c.get('shop'))
  const list: CrudHandler<RouteDeps> = (c, { services }) => ({
    status: 200,
    body: { [key]: service(services).list!(c.get('shop')).map((row) => shown(c, services, row)) },
  })
  const get: CrudHandler<Input> = (c, { services, params }) => ({
    status: 200,
    body: shown(c, services, service(services).get(c.get('shop'), params.id)),
  })
  const create: CrudHandler<RouteDeps & Pick<Input, 'body'>> = async (c, { services, body }) => ({
    status: 201,
    body: shown(c, services, await service(services).create(c.get('shop'), (await body()) as never)),
  })
  const update: CrudHandler<Input> = async (c, { services, params, body }) => ({
    status: 200,
    body: shown(c, services, await service(services).update(c.get('shop'), params.id, (await body()) as never)),
  })
  const remove: CrudHandler<Input> = async (c, { services, params }) => {
    await service(services).delete(c.get('shop'), params.id)
    return { status: 200, body: { success: true } }
  }
  return { list, get, create, update, delete: remove, present: shown }
}
