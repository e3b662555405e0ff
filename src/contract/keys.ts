/** Whether showing a key's first 8 and last 4 characters still hides at least 8 of them. */
export const isLongEnoughToHint = (secret: string): boolean => secret.length >= 20

/**
 * `sk_live_…wxyz`: enough to tell keys apart in logs and output, never the whole secret. At least
 * 8 characters stay hidden, so a short key (under 20 characters) is not shown at all.
 */
export function maskKey(secret: string): string {
  return isLongEnoughToHint(secret) ? `${secret.slice(0, 8)}…${secret.slice(-4)}` : '****'
}
