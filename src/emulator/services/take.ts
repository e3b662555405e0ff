/** The first `limit` rows of an index walk (newest first, …), without walking further. */
export function take<T>(rows: Iterable<T>, limit: number): T[] {
  const out: T[] = []
  if (limit <= 0) return out
  for (const row of rows) {
    out.push(row)
    if (out.length === limit) break
  }
  return out
}
