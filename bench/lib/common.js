// Shared by the bench scripts: the fixed secrets and names the datasets are built around,
// a seeded PRNG, and small helpers. Plain ESM so `npm run bench` needs no build of its own.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const BENCH_DIR = fileURLToPath(new URL('../', import.meta.url))
export const DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url))
export const DIST = (path) => new URL(`../../dist/${path}`, import.meta.url).href

/** The key every dataset holds (`sk_live_` + 32 base62 characters, as store serve makes them). */
export const BENCH_KEY = 'sk_live_BenchKeyFixedForTheBench00000001'
export const SHOP_SLUG = 'demo'
/** Serial products at the head of every dataset; the checkout case fills their code pools. */
export const SERIAL_PRODUCTS = 4

/** Version of the dataset layout: a dataset whose sidecar names another one is regenerated. */
export function generatorHash() {
  const text =
    readFileSync(fileURLToPath(new URL('../make-dataset.js', import.meta.url)), 'utf8') +
    readFileSync(fileURLToPath(import.meta.url), 'utf8')
  return createHash('sha256').update(text).digest('hex').slice(0, 16)
}

/** sfc32 seeded from a string (cyrb128): deterministic and fast enough for 10^6 draws. */
export function seededRandom(seed) {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i)
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067)
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233)
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213)
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179)
  }
  let a = h1 >>> 0,
    b = h2 >>> 0,
    c = h3 >>> 0,
    d = h4 >>> 0
  const next = () => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    const t = (a + b) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    d = (d + 1) | 0
    const r = (t + d) | 0
    c = (c + r) | 0
    return (r >>> 0) / 4294967296
  }
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    bytes: (n) => {
      const out = new Uint8Array(n)
      for (let i = 0; i < n; i++) out[i] = Math.floor(next() * 256)
      return out
    },
  }
}

export function median(values) {
  const sorted = [...values].sort((x, y) => x - y)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export function percentile(values, p) {
  if (!values.length) return undefined
  const sorted = [...values].sort((x, y) => x - y)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

export function datasetName(products) {
  return `products-${products}`
}
