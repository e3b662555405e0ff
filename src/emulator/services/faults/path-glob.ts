/**
 * A fault rule's path pattern (`/api/v1/orders/*`: `*` is any run of characters, the rest
 * literal) as a matcher that runs in time linear in the path and the pattern. A regular
 * expression with several `.*` backtracks: a long path could hold the event loop for seconds.
 *
 * With `*` the only wildcard, taking each literal piece at its leftmost place after the previous
 * one never loses a match, so one pass with `indexOf` decides.
 */
export function pathGlob(pattern: string): (path: string) => boolean {
  const pieces = pattern.split('*')
  if (pieces.length === 1) return (path) => path === pattern
  const first = pieces[0]
  const last = pieces[pieces.length - 1]
  const middle = pieces.slice(1, -1).filter((piece) => piece !== '')
  const least = first.length + last.length
  return (path) => {
    if (path.length < least || !path.startsWith(first) || !path.endsWith(last)) return false
    let at = first.length
    const end = path.length - last.length
    for (const piece of middle) {
      const found = path.indexOf(piece, at)
      if (found === -1 || found + piece.length > end) return false
      at = found + piece.length
    }
    return true
  }
}
