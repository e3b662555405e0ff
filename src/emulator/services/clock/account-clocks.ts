import type { Clock } from '../../deps.js'
import type { Collections } from '../../store/collections.js'

/** Whose time: an account (a shop row carries its `accountId`), or a row of a shop. */
export type TimeOwner = { accountId: string } | { shopId: string }

/** Each account's clock: the emulator's plus the offset in the account's row, or the one an advance walked. */
export class AccountClocks {
  private readonly walking = new Map<string, number>()

  constructor(
    private readonly clock: Clock,
    private readonly collections: Collections,
  ) {}

  offsetMs(owner: TimeOwner): number {
    const accountId = 'accountId' in owner ? owner.accountId : this.collections.shops.get(owner.shopId)?.accountId
    if (accountId === undefined) return 0
    return this.walking.get(accountId) ?? this.collections.accounts.get(accountId)?.clockOffsetMs ?? 0
  }

  now(owner: TimeOwner): Date {
    return new Date(this.clock.now().getTime() + this.offsetMs(owner))
  }

  /** Now on the emulator's clock, which no account moved. */
  emulatorNow(): Date {
    return this.clock.now()
  }

  /** Sets the offset an advance walked the account's clock to, ahead of its row. */
  walk(accountId: string, offsetMs: number): void {
    this.walking.set(accountId, offsetMs)
  }

  /** The advance ended: the account's row holds its offset again. */
  endWalk(accountId: string): void {
    this.walking.delete(accountId)
  }
}
