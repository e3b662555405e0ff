/** Nouns whose singular is not the plural without its `s`. */
const SINGULARS: Record<string, string> = { categories: 'category', entries: 'entry', mismatches: 'mismatch' }

/** `n` and the noun, singular for 1: `1 group`, `2 groups`, `1 category`, `0 items`. */
export function counted(n: number, plural: string): string {
  if (n !== 1) return `${n} ${plural}`
  return `1 ${SINGULARS[plural] ?? plural.replace(/s$/, '')}`
}
