// The invoice page's mystery-box verifier, run in the buyer's browser: the checks of src/fairness
// over the revealed values on the page alone (MysteryReveal in pages/handover.tsx).
import { verifyLine, type LineCheck, type MysteryOpen, type OpenReport } from '../fairness/index.js'

/** The items of an open's check list: name, label, and the fairness checks each one shows. */
const ITEMS: [string, string, LineCheck['name'][]][] = [
  ['commitment', 'Commitment', ['commitment']],
  ['nonce', 'Nonce', ['nonce']],
  ['proof', 'Proof hash', ['proofHash', 'clientSeed']],
  ['roll', 'Roll index', ['totalWeight', 'rollIndex']],
  ['walk', 'Outcome', ['outcome']],
  ['chain', 'Snapshot', ['odds']],
  ['code', 'Code draw', ['codeProof', 'codeIndex', 'codePoolSize']],
]

/** Why an item has no check of its own. */
const NOT_APPLICABLE: Record<string, string> = {
  chain: 'first open of the line: its snapshot is the published table',
  code: 'no code was drawn for this outcome',
}

type State = 'passed' | 'failed' | 'n/a' | 'not checked'
const TONES: Record<State, string> = { passed: 'ok', failed: 'bad', 'n/a': '', 'not checked': 'warn' }

/** Fills the box's check list, each item with the state and detail `stateOf` gives it. */
function list(box: Element, stateOf: (name: string, checks: LineCheck['name'][]) => [State, string]): void {
  const items = ITEMS.map(([name, label, checks]) => {
    const [state, detail] = stateOf(name, checks)
    const li = document.createElement('li')
    li.setAttribute('data-check', name)
    li.setAttribute('data-result', state)
    li.innerHTML = '<span><span></span></span><span><strong></strong> <span class="detail"></span></span>'
    const badge = li.querySelector('span span')!
    badge.className = `badge ${TONES[state]}`
    badge.textContent = state
    li.querySelector('strong')!.textContent = label
    li.querySelector('.detail')!.textContent = detail
    return li
  })
  box.querySelector('.check-list')?.replaceChildren(...items)
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
  list(box, (name, names) => {
    const checks = report.checks.filter((c) => names.includes(c.name))
    if (!checks.length) return ['n/a', NOT_APPLICABLE[name] ?? '']
    return [checks.every((c) => c.ok) ? 'passed' : 'failed', checks.map(describe).join('; ')]
  })
  if (report.ok) summarise(box, 'verified', 'ok', 'passed')
  else summarise(box, 'verification failed', 'bad', 'failed')
}

function verifyLineElement(lineEl: Element): void {
  const boxes = [...lineEl.querySelectorAll('[data-open]')]
  try {
    const opens = boxes.map((box) => JSON.parse(box.getAttribute('data-open') ?? '') as MysteryOpen)
    if (opens.some((open) => typeof open.serverSeed !== 'string')) {
      for (const box of boxes) {
        list(box, () => ['not checked', 'the server seed is revealed once the order is paid'])
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
