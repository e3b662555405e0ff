// The bench's results as an SVG bar chart: requests a second of `store serve` beside its peers
// (the emulator on :memory:, the hono + zod floor, json-server) for each case they all serve, at
// the largest dataset. A log scale, so json-server's few requests a second still show as a bar.
// `node bench/lib/chart.js bench/results.json > bench/results.svg` redraws it from a results file.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const SERVERS = [
  { kind: 'file', label: 'store serve (file)', colour: '#1f6feb' },
  { kind: 'memory', label: 'store, :memory:', colour: '#79b8ff' },
  { kind: 'floor', label: 'floor: hono + zod', colour: '#8b949e' },
  { kind: 'jsonServer', label: 'json-server 1', colour: '#d29922' },
]

const WIDTH = 760
const LABEL_WIDTH = 170
const BAR_HEIGHT = 16
const BAR_GAP = 4
const CASE_GAP = 22
const PLOT_LEFT = LABEL_WIDTH + 10
const PLOT_RIGHT = WIDTH - 110

const xml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const rate = (n) => `${Math.round(n).toLocaleString('en-US')}/s`
const measured = (row, kind) => typeof row[kind]?.requestsPerSecond === 'number'

/**
 * The SVG of a results object as `bench/run.js` writes it (`bench/results.json`); undefined when no
 * case of the largest dataset ran on every server (`BENCH_KINDS`, `BENCH_CASES`).
 */
export function chartSvg(results) {
  const largest = Math.max(...results.cases.map((c) => c.products))
  const rows = results.cases.filter((c) => c.products === largest && SERVERS.every((s) => measured(c, s.kind)))
  if (rows.length === 0) return undefined
  const top = Math.max(...rows.flatMap((row) => SERVERS.map((s) => row[s.kind].requestsPerSecond)))
  const decades = Math.max(1, Math.ceil(Math.log10(top)))
  const x = (value) => PLOT_LEFT + (Math.log10(Math.max(1, value)) / decades) * (PLOT_RIGHT - PLOT_LEFT)

  const parts = []
  let y = 58
  for (const row of rows) {
    const store = row.file.requestsPerSecond
    const ratios = [
      `${(store / row.floor.requestsPerSecond).toFixed(2)}x the floor`,
      row.jsonServer.requestsPerSecond > 0
        ? `${Math.round(store / row.jsonServer.requestsPerSecond).toLocaleString('en-US')}x json-server`
        : `json-server answered none in ${row.jsonServer.seconds} s`,
    ]
    parts.push(
      `<text x="10" y="${y + 12}" class="case">${xml(row.label)}</text>`,
      `<text x="${WIDTH - 10}" y="${y + 12}" class="ratio" text-anchor="end">store serve: ${xml(ratios.join(', '))}</text>`,
    )
    y += 20
    for (const server of SERVERS) {
      const value = row[server.kind].requestsPerSecond
      const end = value >= 1 ? x(value) : PLOT_LEFT
      parts.push(
        `<text x="${LABEL_WIDTH}" y="${y + 12}" text-anchor="end">${xml(server.label)}</text>`,
        `<rect x="${PLOT_LEFT}" y="${y}" width="${(end - PLOT_LEFT).toFixed(1)}" height="${BAR_HEIGHT}" fill="${server.colour}"><title>${xml(`${server.label}: ${rate(value)}`)}</title></rect>`,
        `<text x="${(end + 6).toFixed(1)}" y="${y + 12}">${xml(rate(value))}</text>`,
      )
      y += BAR_HEIGHT + BAR_GAP
    }
    y += CASE_GAP
  }

  const grid = []
  for (let d = 0; d <= decades; d++) {
    const gx = x(10 ** d).toFixed(1)
    grid.push(
      `<line x1="${gx}" y1="50" x2="${gx}" y2="${y - CASE_GAP + 4}" class="grid"/>`,
      `<text x="${gx}" y="${y - CASE_GAP + 18}" text-anchor="middle" class="axis">${xml((10 ** d).toLocaleString('en-US'))}</text>`,
    )
  }
  const height = y + 20
  const m = results.machine
  const title = `Requests a second at ${largest.toLocaleString('en-US')} products (log scale)`
  const footnote = `npm run bench, ${results.generatedAt.slice(0, 10)}, code ${results.code.commit}: ${m.cpus} × ${m.cpuModel}, Node ${m.node}, ${results.config.connections} connections`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${xml(title)}">
<style>text{font:12px system-ui,sans-serif;fill:#24292f}.title{font-size:15px;font-weight:600}.case{font-weight:600}.ratio,.axis,.note{fill:#57606a;font-size:11px}.grid{stroke:#d0d7de;stroke-width:1}</style>
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="10" y="24" class="title">${xml(title)}</text>
<text x="10" y="42" class="note">${xml(`higher is better; ${m.pinning}`)}</text>
${grid.join('\n')}
${parts.join('\n')}
<text x="10" y="${height - 8}" class="note">${xml(footnote)}</text>
</svg>
`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? fileURLToPath(new URL('../results.json', import.meta.url))
  const svg = chartSvg(JSON.parse(readFileSync(file, 'utf8')))
  if (!svg) throw new Error(`${file}: no case of its largest dataset ran on every server`)
  process.stdout.write(svg)
}
