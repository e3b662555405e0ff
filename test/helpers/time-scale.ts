// Every deadline of the tests grows from one setting, STORE_TEST_TIME_SCALE (default 1): on a slow
// or busy machine, STORE_TEST_TIME_SCALE=3 gives each wait three times as long. A deadline only
// bounds a wait on a condition; no test sleeps for it.

/** The factor of every deadline: STORE_TEST_TIME_SCALE, a number of at least 1 (default 1). */
export function timeScaleOf(env: Record<string, string | undefined>): number {
  const raw = env.STORE_TEST_TIME_SCALE
  if (raw === undefined || raw === '') return 1
  const scale = Number(raw)
  if (!Number.isFinite(scale) || scale < 1)
    throw new Error(`STORE_TEST_TIME_SCALE: "${raw}" is not a number of at least 1 (e.g. 3 on a busy machine)`)
  return scale
}

export const TIME_SCALE = timeScaleOf(process.env)

/** `ms` times STORE_TEST_TIME_SCALE: the deadline of a wait that takes `ms` on a quiet machine at worst. */
export const scaled = (ms: number): number => Math.ceil(ms * TIME_SCALE)

/**
 * Resolves with `check()`'s first value other than undefined, asked every `intervalMs`; rejects
 * naming `what` once `scaled(timeoutMs)` has passed.
 */
export async function waitUntil<T>(
  check: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
  intervalMs = 20,
): Promise<T> {
  const deadline = Date.now() + scaled(timeoutMs)
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${scaled(timeoutMs)} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
