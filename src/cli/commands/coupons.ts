import type { Command } from 'commander'
import type { Coupon } from '../../spec/coupons.js'
import type { CommandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import type { FieldSpec } from '../input.js'
import type { Column } from '../output.js'
import { entriesOf, registerResource } from '../resource.js'
import type { StoreClient } from '../../client/index.js'
import { isStoreError } from '../exit-codes.js'

/**
 * Whether checkout would take the coupon now: `inactive` (switched off), `expired` (past
 * expiresAt), `used up` (usageLimit reached) or `active`. Judged by this machine's clock, which
 * an emulator whose clock was advanced is ahead of.
 */
function couponState(c: Coupon, now: Date): 'active' | 'inactive' | 'expired' | 'used up' {
  if (!c.active) return 'inactive'
  if (c.expiresAt !== null && Date.parse(c.expiresAt) <= now.getTime()) return 'expired'
  if (c.usageLimit !== null && c.usedCount >= c.usageLimit) return 'used up'
  return 'active'
}

const couponColumns = (now: Date): Column<Coupon>[] => [
  ['ID', (c) => c.id],
  ['CODE', (c) => c.code],
  ['TYPE', (c) => c.type],
  ['VALUE', (c) => (c.type === 'percentage' ? `${c.value}%` : c.value)],
  ['USED', (c) => `${c.usedCount}/${c.usageLimit ?? '∞'}`],
  ['EXPIRES', (c) => c.expiresAt],
  ['ACTIVE', (c) => couponState(c, now)],
]

const code: FieldSpec = { key: 'code', kind: 'string', description: 'coupon code (stored uppercased)' }
const type: FieldSpec = {
  key: 'type',
  kind: 'enum',
  choices: ['percentage', 'fixed'],
  description: 'percentage or fixed',
}
const value: FieldSpec = { key: 'value', kind: 'number', description: 'percent, or currency units for fixed' }
const usageLimit: FieldSpec = {
  key: 'usageLimit',
  kind: 'nullable-integer',
  description: 'times it can be used; null for unlimited',
}
const expiresAt: FieldSpec = {
  key: 'expiresAt',
  kind: 'nullable-string',
  description: 'ISO 8601 expiry; null for never',
}
const active: FieldSpec = { key: 'active', kind: 'boolean', description: 'usable at checkout (default true)' }

export const CREATE_FIELDS: FieldSpec[] = [
  { ...code, required: true },
  { ...type, required: true },
  { ...value, required: true },
  usageLimit,
  { key: 'minAmount', kind: 'nullable-number', description: 'minimum order total; null for none' },
  expiresAt,
  active,
]
export const UPDATE_FIELDS: FieldSpec[] = [code, type, value, usageLimit, active, expiresAt]

export async function listCoupons(cc: CommandContext, opts: { active?: boolean }): Promise<void> {
  const envelope = await cc.client().coupons.list(opts.active ? { active: true } : {})
  cc.out.list(envelope, envelope.coupons, couponColumns(cc.now()), 'No coupons found')
}

/** A coupon by id, or by its code (any case) when no coupon has that id. */
async function findCoupon(client: StoreClient, idOrCode: string): Promise<Coupon> {
  try {
    return await client.coupons.get(idOrCode)
  } catch (error) {
    if (!isStoreError(error) || error.status !== 404) throw error
    const code = idOrCode.trim().toUpperCase()
    const match = (await client.coupons.list()).coupons.find((c) => c.code === code)
    if (match) return match
    throw Object.assign(error, { message: `no coupon with id or code "${idOrCode}"` })
  }
}

export function register(program: Command, ctx: CliContext): void {
  registerResource<Coupon>(program, ctx, {
    name: 'coupons',
    singular: 'coupon',
    description: 'list, show, create, update and delete coupons',
    examples: {
      id: 'cpn_demo_welcome',
      get: ['store coupons get WELCOME10', 'store coupons get cpn_demo_welcome --json'],
      list: ['store coupons list', 'store coupons list --active'],
      create: ['store coupons create --code SPRING --type percentage --value 15 --expires-at 2027-01-01T00:00:00Z'],
      update: [
        'store coupons update cpn_demo_welcome --no-active',
        'store coupons update cpn_demo_five --usage-limit 50',
      ],
    },
    schema: () => import('../../spec/coupons.js').then((m) => m.CouponSchema),
    list: { options: (cmd) => cmd.option('--active', 'only active coupons'), run: (cc, opts) => listCoupons(cc, opts) },
    // The state after `active` says whether checkout takes it now (expired, used up).
    show: (cc, c, shape) =>
      cc.out.record(
        c,
        entriesOf(c, shape).flatMap(([k, v]): [string, unknown][] =>
          k === 'active'
            ? [
                [k, v],
                ['state', couponState(c, cc.now())],
              ]
            : [[k, v]],
        ),
      ),
    get: findCoupon,
    create: {
      fields: CREATE_FIELDS,
      schema: () => import('../../spec/coupons.js').then((m) => m.CreateCouponBodySchema),
      run: (client, body) => client.coupons.create(body),
    },
    update: {
      fields: UPDATE_FIELDS,
      schema: () => import('../../spec/coupons.js').then((m) => m.UpdateCouponBodySchema),
      run: (client, id, body) => client.coupons.update(id, body),
    },
    delete: (client, id) => client.coupons.delete(id),
  })
}
