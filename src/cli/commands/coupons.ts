import type { Command } from 'commander'
import type { Coupon } from '../../contract/coupons.js'
import type { CliContext } from '../context.js'
import type { Column } from '../output.js'
import { entriesOf, registerResource } from '../resource.js'
import type { CommandContext } from '../client-factory.js'
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

/** A coupon by id, or by its code (any case) when no coupon has that id. */
async function findCoupon(cc: CommandContext, idOrCode: string): Promise<Coupon> {
  const client = cc.client()
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
    one: 'Coupon',
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
    list: {
      options: (cmd) => cmd.option('--active', 'only active coupons'),
      run: async (cc, opts: { active?: boolean }) => {
        const envelope = await cc.client().coupons.list(opts.active ? { active: true } : {})
        cc.out.list(envelope, envelope.coupons, couponColumns(cc.now()), 'No coupons found')
      },
    },
    // The state after `active` says whether checkout takes it now (expired, used up).
    show: (cc, c, shape) => {
      const entries = entriesOf(c, shape)
      entries.splice(entries.findIndex(([k]) => k === 'active') + 1, 0, ['state', couponState(c, cc.now())])
      cc.out.record(c, entries)
    },
    get: findCoupon,
  })
}
