// `store serve` against the hono + zod floor (bench/floor-hono.js), each figure next to its target:
// throughput per case and size, read latency, start-up from a seed file and from an existing db,
// and peak memory. json-server 1 and the emulator on `:memory:` are shown beside them, untargeted.

/** Targets of `store serve` relative to the floor measured in the same run. */
export const VS_FLOOR = {
  /** store / floor req/s at 100k products (creates: durable ones against the floor's in-memory ones). */
  throughput: { list: 0.5, get: 0.5, create: 0.25 },
  targetSizes: [100_000],
  readP99Ms: 20,
  /** store / floor start-up from a 100k seed file, at most; from an existing 100k db, ms at most. */
  seedStartup: 4,
  dbStartupMs: 3_000,
}

const READS = new Set(['list', 'get'])

/** Whether the read p99 target covers a case at a size (list and get at the target sizes). */
export const hasP99Target = (row) => READS.has(row.case) && VS_FLOOR.targetSizes.includes(row.products)
const rate = (cell) => (cell && !cell.na ? cell.requestsPerSecond : undefined)

/** Every target against the floor as `{ name, figure, target, result }` (result PASS, MISS or N/A). */
export function evaluateVsFloor(results, fmt) {
  const targets = []
  const add = (name, figure, target, pass) =>
    targets.push({ name, figure, target, result: pass === undefined ? 'N/A' : pass ? 'PASS' : 'MISS' })
  for (const row of results.cases) {
    const want = VS_FLOOR.throughput[row.case]
    if (want !== undefined && VS_FLOOR.targetSizes.includes(row.products)) {
      const ratio = rate(row.file) / rate(row.floor)
      add(
        `${row.label} at ${fmt.size(row.products)}: store / floor`,
        Number.isFinite(ratio) ? fmt.ratio(ratio) : 'n/a',
        `≥ ${want.toFixed(2)}x`,
        Number.isFinite(ratio) ? ratio >= want : undefined,
      )
    }
  }
  for (const row of results.cases) {
    if (!hasP99Target(row) || row.file?.na) continue
    add(
      `p99 ${row.label} at ${fmt.size(row.products)}`,
      `${fmt.ms(row.file.p99Ms)} ms`,
      `≤ ${VS_FLOOR.readP99Ms} ms`,
      row.file.p99Ms <= VS_FLOOR.readP99Ms,
    )
  }
  const large = results.startup?.find((s) => s.products === 100_000)
  const way = (id) => large?.ways.find((w) => w.id === id)?.medianMs
  const seedRatio = way('storeSeed') / way('floorSeed')
  add(
    'start-up from a 100k seed file: store / floor',
    Number.isFinite(seedRatio)
      ? `${fmt.ratio(seedRatio)} (${fmt.ms(way('storeSeed'))} / ${fmt.ms(way('floorSeed'))} ms)`
      : 'n/a (100k not run)',
    `≤ ${VS_FLOOR.seedStartup.toFixed(2)}x`,
    Number.isFinite(seedRatio) ? seedRatio <= VS_FLOOR.seedStartup : undefined,
  )
  const shuffledRatio = way('storeSeedShuffled') / way('floorSeed')
  add(
    'start-up from a 100k seed file in no order of createdAt: store / floor',
    Number.isFinite(shuffledRatio)
      ? `${fmt.ratio(shuffledRatio)} (${fmt.ms(way('storeSeedShuffled'))} / ${fmt.ms(way('floorSeed'))} ms)`
      : 'n/a (100k not run)',
    `≤ ${VS_FLOOR.seedStartup.toFixed(2)}x`,
    Number.isFinite(shuffledRatio) ? shuffledRatio <= VS_FLOOR.seedStartup : undefined,
  )
  const dbMs = way('storeDb')
  add(
    'start-up from an existing 100k db',
    dbMs === undefined ? 'n/a (100k not run)' : `${fmt.ms(dbMs)} ms`,
    `≤ ${fmt.ms(VS_FLOOR.dbStartupMs)} ms`,
    dbMs === undefined ? undefined : dbMs <= VS_FLOOR.dbStartupMs,
  )
  return targets
}

/** The tables: throughput and p99 by case and size, start-up, memory; then the targets. */
export function reportVsFloor(results, { fmt, table }) {
  const out = []
  const m = results.machine
  out.push(
    `store serve vs the hono + zod floor — ${m.cpuModel} × ${m.cpus}, ${Math.round(m.totalMemoryMb / 1024)} GB RAM, node ${m.node}; ${m.pinning}`,
  )
  const cell = (c) => (c === undefined || c.na ? 'n/a' : fmt.rate(c.requestsPerSecond))
  const p99 = (c) => (c === undefined || c.na ? '' : fmt.ms(c.p99Ms))
  const cpu = (c) => (c === undefined || c.na ? '' : fmt.ms(c.cpuMsPerRequest))
  // The ratio one core would give at these costs: steadier than req/s when other work shares the machine.
  const byCpu = (row) =>
    row.file?.cpuMsPerRequest && row.floor?.cpuMsPerRequest
      ? fmt.ratio(row.floor.cpuMsPerRequest / row.file.cpuMsPerRequest)
      : ''
  // With store serve --no-request-log run beside it: its ratio to the floor, and its own rate to store serve's.
  const hasUnrecorded = results.cases.some((row) => row.unrecorded && !row.unrecorded.na)
  const unrecordedCells = (row) => {
    const ratio = rate(row.unrecorded) / rate(row.floor)
    return hasUnrecorded
      ? [
          Number.isFinite(ratio) ? fmt.ratio(ratio) : '—',
          cpu(row.unrecorded),
          fmt.ratio(rate(row.file) / rate(row.unrecorded)),
        ]
      : []
  }
  const rows = results.cases
    .filter((row) => row.floor && !row.floor.na)
    .map((row) => {
      const ratio = rate(row.file) / rate(row.floor)
      const want = VS_FLOOR.throughput[row.case]
      const targeted = want !== undefined && VS_FLOOR.targetSizes.includes(row.products)
      return [
        fmt.size(row.products),
        row.label,
        cell(row.file),
        p99(row.file),
        cell(row.floor),
        p99(row.floor),
        Number.isFinite(ratio) ? fmt.ratio(ratio) : '—',
        targeted ? `≥ ${want.toFixed(2)}x` : '',
        targeted && Number.isFinite(ratio) ? (ratio >= want ? 'PASS' : 'MISS') : '',
        cpu(row.file),
        cpu(row.floor),
        byCpu(row),
        ...unrecordedCells(row),
        cell(row.memory),
        cell(row.jsonServer),
      ]
    })
  out.push('')
  out.push(
    table(
      [
        'products',
        'case',
        'store req/s',
        'p99 ms',
        'floor req/s',
        'p99 ms',
        'store/floor',
        'target',
        'result',
        'CPU ms/req',
        'floor CPU',
        'by CPU',
        ...(hasUnrecorded ? ['no log/floor', 'no log CPU', 'store/no log'] : []),
        'emu :memory:',
        'json-server',
      ],
      rows,
    ),
  )
  out.push(
    '(CPU ms/req: server CPU time, all threads, per answer; by CPU: floor CPU / store CPU, the req/s ratio one core would give)',
  )
  if (hasUnrecorded)
    out.push(
      '(no log: store serve --no-request-log, no request recorded for the inspector; store/no log: what recording every request leaves of the rate)',
    )
  out.push(
    '(create: store serve answers once its journal is fsynced; the floor and the :memory: emulator keep nothing; json-server rewrites its whole file, without fsync)',
  )
  if (results.startup?.length) {
    out.push('')
    const startupRows = []
    for (const s of results.startup) {
      const floorOf = { storeSeed: 'floorSeed', storeSeedShuffled: 'floorSeed', storeDb: 'floorTrusted' }
      for (const w of s.ways) {
        const base = s.ways.find((x) => x.id === floorOf[w.id])
        const ratio = base ? w.medianMs / base.medianMs : undefined
        const want = w.id.startsWith('storeSeed')
          ? VS_FLOOR.seedStartup
          : w.id === 'storeDb'
            ? VS_FLOOR.dbStartup
            : undefined
        startupRows.push([
          fmt.size(s.products),
          w.label,
          `${fmt.ms(w.medianMs)} ms`,
          w.runsMs.map((ms) => fmt.ms(ms)).join(' / '),
          ratio === undefined ? '' : fmt.ratio(ratio),
          `${fmt.ms(w.cpuMedianMs)} ms`,
          base ? fmt.ratio(w.cpuMedianMs / base.cpuMedianMs) : '',
          want === undefined || s.products !== 100_000 ? '' : `≤ ${want.toFixed(2)}x`,
        ])
      }
    }
    out.push(
      table(
        [
          'products',
          'start-up (spawn to banner)',
          'median',
          'runs (ms)',
          'vs floor',
          'CPU to banner',
          'CPU vs floor',
          'target',
        ],
        startupRows,
      ),
    )
  }
  out.push('')
  out.push(
    table(
      ['products', 'peak RSS', 'store serve', 'floor', 'store/floor', 'emu :memory:', 'json-server'],
      results.datasets.map((d) => [
        fmt.size(d.products),
        'incl. load and shutdown',
        fmt.mb(d.file?.peakMb),
        fmt.mb(d.floor?.peakMb),
        d.file?.peakMb && d.floor?.peakMb ? fmt.ratio(d.file.peakMb / d.floor.peakMb) : '—',
        fmt.mb(d.memory?.peakMb),
        fmt.mb(d.jsonServer?.peakMb),
      ]),
    ),
  )
  out.push('')
  out.push(
    table(
      ['target (vs the floor)', 'figure', 'target', 'result'],
      results.vsFloorTargets.map((t) => [t.name, t.result === 'N/A' ? fmt.na(t.figure) : t.figure, t.target, t.result]),
    ),
  )
  return out.join('\n')
}
