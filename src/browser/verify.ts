// The invoice page's mystery-box verifier, run in the buyer's browser: the checks of src/fairness
// (the code the emulator rolls with), over the revealed values on the page alone, each marked
// passed or failed. Bundled by `npm run build` (scripts/build-browser.js) and served at
// /_assets/verify.js; the page markup is MysteryReveal in pages/deliveries.tsx.
import { verifyLine, type LineCheck, type MysteryOpen, type OpenReport } from '../fairness/index.js'

/** The page's list items and the fairness checks each one shows. */
const ITEMS: Record<string, LineCheck['name'][]> = {
  commitment: ['commitment'],
  nonce: ['nonce'],
  proof: ['proofHash', 'clientSeed'],
  roll: ['totalWeight', 'rollIndex'],
  walk: ['outcome'],
  chain: ['odds'],
  code: ['codeProof', 'codeIndex', 'codePoolSize'],
}

/** Why an item has no check of its own. */
const NOT_APPLICABLE: Record<string, string> = {
  chain: 'first open of the line: its snapshot is the published table',
  code: 'no code was drawn for this outcome',
}

type State = 'passed' | 'failed' | 'n/a' | 'not checked'

function mark(item: Element, state: State, detail: string): void {
  const badge = item.querySelector('.badge')
  if (badge) {
    badge.textContent = state
    badge.className = `badge ${state === 'passed' ? 'ok' : state === 'failed' ? 'bad' : state === 'n/a' ? '' : 'warn'}`
  }
  item.setAttribute('data-result', state)
  const text = item.querySelector('.detail')
  if (text) text.textContent = detail
}

function summarise(box: Element, text: string, tone: 'ok' | 'bad' | 'warn', verified?: 'passed' | 'failed'): void {
  const summary = box.querySelector('[data-summary]')
  if (summary) {
    summary.textContent = text
    summary.className = `badge ${tone}`
  }
  if (verified) box.setAttribute('data-verified', verified)
}

function describe(check: LineCheck): string {
  const inputs = Object.entries(check.inputs)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')
  const verdict = check.ok ? check.expected : `computed ${check.expected} ≠ shown ${check.actual}`
  return `${check.name}: ${verdict}${inputs ? ` (${inputs})` : ''}`
}

function showReport(box: Element, report: OpenReport): void {
  for (const item of box.querySelectorAll('[data-check]')) {
    const name = item.getAttribute('data-check') ?? ''
    const checks = report.checks.filter((c) => ITEMS[name]?.includes(c.name))
    if (!checks.length) mark(item, 'n/a', NOT_APPLICABLE[name] ?? '')
    else mark(item, checks.every((c) => c.ok) ? 'passed' : 'failed', checks.map(describe).join('; '))
  }
  if (report.ok) summarise(box, 'verified', 'ok', 'passed')
  else summarise(box, 'verification failed', 'bad', 'failed')
}

function verifyLineElement(lineEl: Element): void {
  const boxes = [...lineEl.querySelectorAll('[data-open]')]
  try {
    const opens = boxes.map((box) => JSON.parse(box.getAttribute('data-open') ?? '') as MysteryOpen)
    if (opens.some((open) => typeof open.serverSeed !== 'string')) {
      for (const box of boxes) {
        for (const item of box.querySelectorAll('[data-check]'))
          mark(item, 'not checked', 'the server seed is revealed once the order is paid')
        summarise(box, 'waiting for payment', 'warn')
      }
      return
    }
    const expectedCommitment = lineEl.getAttribute('data-commitment') ?? undefined
    const reports = verifyLine({ label: lineEl.getAttribute('data-mystery-line') ?? '', expectedCommitment, opens })
    for (const [i, report] of reports.entries()) showReport(boxes[i], report)
  } catch (error) {
    for (const box of boxes)
      summarise(box, `verification error: ${error instanceof Error ? error.message : String(error)}`, 'bad', 'failed')
  }
}

function run(): void {
  document.documentElement.removeAttribute('data-verification')
  for (const lineEl of document.querySelectorAll('[data-mystery-line]')) verifyLineElement(lineEl)
  document.documentElement.setAttribute('data-verification', 'done')
}
// Re-runs every check (for a reader who edited a value in the developer tools, and the tests).
;(window as unknown as { storeVerifyInvoice: () => void }).storeVerifyInvoice = run
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run)
else run()
