/** A stored row as the API shows it: internal fields removed. */
export function present<T extends { shopId?: string }>(row: T): Omit<T, 'shopId'> {
  const { shopId: _shopId, ...rest } = row
  return rest
}

/** Money rounded to cents, as every amount the emulator computes. */
export function cents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100
}
