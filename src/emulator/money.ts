/** Money rounded to cents, as every amount the emulator computes. */
export function cents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100
}
