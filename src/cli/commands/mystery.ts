// `store mystery verify|roll`: DESIGN.md "Mystery box fairness — exact algorithm", checked with the
// same src/fairness code the emulator rolls with, from the revealed values alone.
import { type Command, InvalidArgumentError, Option } from 'commander'
import type {
  LineCheck,
  MysteryLine,
  MysteryOpen,
  MysteryOutcome,
  OddsEntry,
  OpenReport,
} from '../../fairness/index.js'
import { inContext, type CommandContext } from '../client-factory.js'
import { subcommand } from '../examples.js'
import type { CliContext } from '../context.js'
import { counted } from '../counted.js'
import { UsageError } from '../exit-codes.js'
import { commaList, readJsonArgument } from '../input.js'

/** name:weight[:stock],… → a drop table (stock omitted or null/unlimited: unlimited); the fairness code checks the numbers. */
export function parseWeights(text: string): MysteryOutcome[] {
  const table = commaList(text).map((entry) => {
    const [name, weight, stock, ...extra] = entry.split(':').map((part) => part.trim())
    if (!name || weight === undefined || extra.length)
      throw new UsageError(`--weights: "${entry}" is not name:weight or name:weight:stock`)
    const isUnlimited = stock === undefined || /^(?:null|unlimited)$/i.test(stock)
    return { name, weight: Number(weight), stock: isUnlimited ? null : Number(stock) }
  })
  if (!table.length) throw new UsageError('--weights: give at least one name:weight')
  return table
}

async function tableOf(cc: CommandContext, o: { weights?: string; table?: string }): Promise<MysteryOutcome[]> {
  if (o.weights) return parseWeights(o.weights)
  if (!o.table) throw new UsageError('missing --weights name:weight,… (or --table @file.json)')
  const value = await readJsonArgument(cc, o.table, '--table')
  const rows: unknown = Array.isArray(value) ? value : (value as { outcomes?: unknown } | null)?.outcomes
  if (!Array.isArray(rows))
    throw new UsageError('--table: expected an array of { name, weight, stock?, codes? } or { outcomes: [...] }')
  return rows.map((r: Record<string, unknown>) => ({
    name: String(r.name),
    weight: Number(r.weight),
    stock: (r.stock ?? null) as number | null,
    ...(Array.isArray(r.codes) ? { codes: r.codes as string[] } : {}),
  }))
}

/** A flag's value as a whole number ≥ 0 (commander's parser: a bad one is a usage error). */
function whole(raw: string): number {
  const n = Number(raw)
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError(`"${raw}" is not a whole number ≥ 0`)
  return n
}

/** The flags of `verify` and `roll`: the raw values as given, the numbers parsed. */
type Flags = Partial<Record<'file' | 'commitment' | 'serverSeed' | 'clientSeed' | 'weights' | 'table', string>> &
  Partial<Record<'proofHash' | 'outcome' | 'codeProof', string>> &
  Partial<
    Record<'nonce' | 'rollIndex' | 'totalWeight' | 'codePoolSize' | 'codeIndex' | 'quantity' | 'poolVersion', number>
  >

/** The fairness code (and its hashing): loaded by the mystery commands only. */
const fairness = () => import('../../fairness/index.js')

async function statedFromFlags(cc: CommandContext, o: Flags): Promise<OpenReport> {
  const { oddsOf, verifyStated } = await fairness()
  if (!o.serverSeed || !o.clientSeed)
    throw new UsageError(
      'raw verification needs --server-seed and --client-seed (and --weights); or give an order number or --file',
    )
  const table = await tableOf(cc, o)
  let odds: OddsEntry[]
  try {
    odds = oddsOf(table)
  } catch (error) {
    throw new UsageError(`--weights: ${(error as Error).message}`)
  }
  const { codePoolSize, codeProof, codeIndex } = o
  if ((codePoolSize !== undefined || codeProof !== undefined || codeIndex !== undefined) && !codePoolSize)
    throw new UsageError('the code pass needs --code-pool-size (the pool size at that open, ≥ 1)')
  const { serverSeed, clientSeed, commitment, proofHash, totalWeight, rollIndex, outcome } = o
  return verifyStated({
    label: 'flags',
    ...{ serverSeed, clientSeed, nonce: o.nonce ?? 0, odds, codePoolSize, commitment, proofHash },
    ...{ totalWeight, rollIndex, outcome, codeProof, codeIndex },
  })
}

/** Verifies an order (through the API), a JSON file, or raw flags; prints every check; fails naming each failed one. */
async function verifyMystery(cc: CommandContext, target: string | undefined, o: Flags): Promise<void> {
  const { collectLines, verifyLine } = await fairness()
  const fromFlags = o.serverSeed !== undefined || o.clientSeed !== undefined
  const file = o.file ?? (target?.startsWith('@') ? target.slice(1) : undefined)
  if ([fromFlags, file !== undefined, target !== undefined && !target.startsWith('@')].filter(Boolean).length > 1) {
    throw new UsageError(
      'verify one thing: an order number, --file (or @file), or raw --server-seed/--client-seed flags',
    )
  }
  let reports: OpenReport[]
  let subject: string
  if (fromFlags) {
    reports = [await statedFromFlags(cc, o)]
    subject = 'the given values'
  } else {
    let lines: MysteryLine[]
    if (file !== undefined) {
      subject = file === '-' ? 'stdin' : file
      lines = collectLines(await readJsonArgument(cc, file === '-' ? '-' : `@${file}`, file), subject)
    } else if (target !== undefined) {
      const order = await cc.client().orders.get(target)
      subject = order.orderNumber
      lines = collectLines(order, order.orderNumber)
    } else {
      throw new UsageError(
        'what to verify? give an order number (store mystery verify ORD-12), --file proof.json, or --server-seed --client-seed --weights',
      )
    }
    if (!lines.length) throw new UsageError(`nothing to verify: ${subject} holds no mystery-box opens`)
    reports = lines.flatMap((line) => verifyLine(line, o.commitment ?? line.expectedCommitment))
  }
  printReports(cc, reports, subject)
}

function printReports(cc: CommandContext, reports: OpenReport[], subject: string): void {
  const failed = reports.flatMap((r) =>
    r.checks.filter((c) => !c.ok && c.claimed !== false).map((c) => ({ report: r, check: c })),
  )
  if (cc.out.isJson) {
    cc.out.json({ ok: failed.length === 0, opens: reports })
  } else {
    const { chalk, isTTY } = cc.out
    const mark = (c: LineCheck) =>
      c.claimed === false
        ? chalk.dim(isTTY ? '=' : 'computed')
        : c.ok
          ? chalk.green(isTTY ? '✓' : 'pass')
          : chalk.red(isTTY ? '✗' : 'FAIL')
    for (const r of reports) {
      cc.out.line(`${chalk.bold(`${r.label} · open ${r.index}`)} (nonce ${r.nonce}) → ${r.outcome}`)
      for (const c of r.checks) {
        const result = c.ok || c.claimed === false ? c.expected : `expected ${c.expected}, stated ${c.actual}`
        cc.out.line(`  ${mark(c)} ${c.name.padEnd(11)} ${result}`)
        for (const [k, v] of Object.entries(c.inputs)) cc.out.line(chalk.dim(`      ${k}: ${v}`))
      }
    }
    const checked = reports.flatMap((r) => r.checks).filter((c) => c.claimed !== false).length
    if (!failed.length)
      cc.out.line(
        chalk.green(`Verified ${counted(reports.length, 'opens')} of ${subject}: all ${checked} checks passed.`),
      )
  }
  if (failed.length) {
    const first = failed[0]
    const names = [...new Set(failed.map((f) => f.check.name))].join(', ')
    // exit 1, as any check that did not hold
    throw new Error(
      `verification failed (${names}): ${first.check.name} of ${first.report.label} open ${first.report.index}: expected ${first.check.expected}, stated ${first.check.actual}`,
    )
  }
}

/** Computes outcomes: one open at `--nonce`, or `--quantity` opens of a line with stock taken down as they go. */
async function rollMystery(cc: CommandContext, o: Flags): Promise<void> {
  const { commitmentOf, openAt, openBox } = await fairness()
  if (!o.serverSeed || !o.clientSeed) throw new UsageError('missing --server-seed or --client-seed')
  const { nonce, quantity, serverSeed, clientSeed } = o
  const line = { serverSeed, clientSeed, poolVersion: o.poolVersion ?? 1, outcomes: await tableOf(cc, o) }
  let opens: MysteryOpen[]
  try {
    opens =
      nonce !== undefined && nonce > 0
        ? [openAt({ ...line, nonce })]
        : openBox({ ...line, quantity: quantity ?? 1, revealSeed: true }).opens
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const commitment = commitmentOf(serverSeed)
  if (cc.out.isJson) return cc.out.json({ commitment, opens })
  if (cc.out.isTTY) cc.out.record(null, [['commitment', commitment]])
  cc.out.rows(opens, [
    ['NONCE', (x) => x.nonce],
    ['PROOF HASH', (x) => x.proofHash],
    ['ROLL', (x) => `${x.rollIndex}/${x.totalWeight}`],
    ['OUTCOME', (x) => x.outcome],
    ['CODE', (x) => x.code ?? (x.codeIndex !== undefined ? `#${x.codeIndex} of ${x.codePoolSize}` : '')],
  ])
}

export function register(program: Command, ctx: CliContext): void {
  const mystery = program
    .command('mystery')
    .description('provably fair mystery boxes: verify revealed rolls, compute outcomes')
  subcommand(
    mystery,
    'verify',
    'check every step of mystery-box opens: from an order (through the API), a JSON file, or raw values (offline)',
    ['store mystery verify ORD-12', 'store mystery verify --file order.json'],
  )
    .argument('[order]', 'order id or ORD- number to fetch (or @file.json)')
    .option('--file <path|->', 'an order, order line, invoice or open(s) as JSON (- for stdin); works offline')
    .option('--commitment <sha256>', 'the commitment shown before purchase (default: the one on the order line)')
    .option('--server-seed <hex>', 'raw: the revealed server seed')
    .option('--client-seed <seed>', 'raw: the client seed')
    .option('--nonce <n>', 'raw: the nonce (quantity index, default 0)', whole)
    .addOption(
      new Option(
        '--weights <name:weight[:stock],...>',
        'raw: the odds snapshot at that open, in table order',
      ).conflicts('table'),
    )
    .option('--table <@file.json|json>', 'raw: the odds snapshot as JSON [{name, weight, stock}]')
    .option('--proof-hash <hex>', 'raw: the stated proof hash, to check')
    .option('--total-weight <n>', 'raw: the stated total weight, to check', whole)
    .option('--roll-index <n>', 'raw: the stated roll index, to check', whole)
    .option('--outcome <name>', 'raw: the stated outcome, to check')
    .option('--code-pool-size <n>', 'raw: remaining codes of the won outcome at that open (second pass)', whole)
    .option('--code-proof <hex>', 'raw: the stated code proof, to check')
    .option('--code-index <n>', 'raw: the stated code index, to check', whole)
    .action(inContext(ctx, verifyMystery))
  subcommand(mystery, 'roll', 'compute the outcome of given seeds against a drop table (offline)', [
    'store mystery roll --server-seed … --client-seed … --nonce 0 --weights "Legendary:1,Rare:9,Common:90"',
  ])
    .requiredOption('--server-seed <hex>', 'server seed (64 lowercase hex)')
    .requiredOption('--client-seed <seed>', 'client seed (1-64 printable characters)')
    .addOption(new Option('--weights <name:weight[:stock],...>', 'the drop table, in order').conflicts('table'))
    .option('--table <@file.json|json>', 'the drop table as JSON [{name, weight, stock, codes?}]')
    .addOption(new Option('--nonce <n>', 'one open at this nonce').argParser(whole).conflicts('quantity'))
    .option('--quantity <n>', 'opens 0…n-1 of one line, stock decrementing as they go (default 1)', whole)
    .option('--pool-version <n>', 'pool version to record (default 1)', whole)
    .action(inContext(ctx, rollMystery))
}
