// The chart of the benchmarks chapter (docs/benchmarks.md) is the one bench/lib/chart.js draws
// from the recorded results, and shows each server's figure of each case.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../e2e/serve-process.js'

interface Measured {
  requestsPerSecond: number
}
interface Case {
  products: number
  label: string
  [kind: string]: Measured | number | string
}

const results = JSON.parse(readFileSync(join(ROOT, 'bench', 'results.json'), 'utf8')) as { cases: Case[] }
const committed = readFileSync(join(ROOT, 'bench', 'results.svg'), 'utf8')

describe('the benchmark chart', () => {
  it('is drawn from bench/results.json by bench/lib/chart.js', () => {
    const drawn = execFileSync(
      process.execPath,
      [join(ROOT, 'bench', 'lib', 'chart.js'), join(ROOT, 'bench', 'results.json')],
      {
        encoding: 'utf8',
      },
    )
    expect(committed).toBe(drawn)
  })

  it('has a bar for each server of each case the peers serve, at the largest dataset', () => {
    const largest = Math.max(...results.cases.map((c) => c.products))
    const kinds = {
      file: 'store serve (file)',
      memory: 'store, :memory:',
      floor: 'floor: hono + zod',
      jsonServer: 'json-server 1',
    }
    const rows = results.cases.filter(
      (c) =>
        c.products === largest &&
        Object.keys(kinds).every((k) => typeof (c[k] as Measured).requestsPerSecond === 'number'),
    )
    expect(rows.map((r) => r.label)).toEqual(['GET /products?limit=100', 'GET /products/:id', 'POST /products'])
    const bars = [...committed.matchAll(/<rect [^>]*width="([\d.]+)"[^>]*><title>([^<]+)<\/title>/g)].map((m) => ({
      width: Number(m[1]),
      title: m[2],
    }))
    expect(bars.map((b) => b.title)).toEqual(
      rows.flatMap((row) =>
        Object.entries(kinds).map(
          ([kind, label]) =>
            `${label}: ${Math.round((row[kind] as Measured).requestsPerSecond).toLocaleString('en-US')}/s`,
        ),
      ),
    )
    // On one scale: a larger figure is a longer bar.
    const values = rows.flatMap((row) => Object.keys(kinds).map((k) => (row[k] as Measured).requestsPerSecond))
    for (let i = 0; i < values.length; i++)
      for (let j = 0; j < values.length; j++)
        if (values[i] > values[j]) expect(bars[i].width).toBeGreaterThan(bars[j].width)
    expect(readFileSync(join(ROOT, 'docs', 'benchmarks.md'), 'utf8')).toContain('](../bench/results.svg)')
  })
})
