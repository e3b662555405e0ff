/**
 * True when `a` and `b` are written the same by JSON.stringify: JSON values (objects, arrays,
 * strings, numbers, booleans, null) equal field by field, with their fields in the same order.
 */
export function isSameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!isSameJson(a[i], b[i])) return false
    return true
  }
  if (
    Array.isArray(b) ||
    Object.getPrototypeOf(a) !== Object.prototype ||
    Object.getPrototypeOf(b) !== Object.prototype
  )
    return false
  const keys = Object.keys(a)
  const otherKeys = Object.keys(b)
  if (keys.length !== otherKeys.length) return false
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]
    if (key !== otherKeys[i] || !isSameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
      return false
  }
  return true
}
