/** Days before a period's end that its upcoming notice fires (docs/storefront.md, "Subscriptions"). */
export const UPCOMING_NOTICE_DAYS = 3
const DAY_MS = 24 * 3600 * 1000

export type DueKind = 'upcoming' | 'periodEnd'

/**
 * What a subscription waits for next on the clock and when (ms): the upcoming notice of its
 * period, then the period's end; nothing once CANCELLED. The `due` index of subscriptions is
 * sorted by it, so the clock finds due work without a scan.
 */
export function nextDueOf(s: {
  status: string
  currentPeriodEnd: string
  upcomingNotifiedFor?: string | null
}): { at: number; kind: DueKind } | undefined {
  if (s.status === 'CANCELLED') return undefined
  const end = Date.parse(s.currentPeriodEnd)
  if (s.upcomingNotifiedFor !== s.currentPeriodEnd) return { at: end - UPCOMING_NOTICE_DAYS * DAY_MS, kind: 'upcoming' }
  return { at: end, kind: 'periodEnd' }
}
