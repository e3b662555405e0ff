// The README's code blocks, and the convention its runnable blocks follow (README, "Tests").

export interface Block {
  /** 1-based line of the opening fence. */
  line: number
  lang: string
  /** Words after the language in the info string: `no-run`, `long-running`. */
  flags: string[]
  text: string
}

/** Every fenced block of a markdown text, in order. */
export function codeBlocks(markdown: string): Block[] {
  const blocks: Block[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*(.*)$/.exec(lines[i])
    if (!open) continue
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'))
    if (end === -1) throw new Error(`README line ${i + 1}: a code block that is never closed`)
    blocks.push({
      line: i + 1,
      lang: open[1],
      flags: open[2].split(/\s+/).filter(Boolean),
      text: lines.slice(i + 1, end).join('\n'),
    })
    i = end
  }
  return blocks
}

export const isRunnable = (b: Block) => (b.lang === 'sh' || b.lang === 'ts') && !b.flags.includes('no-run')

/** Values the reader supplies, as the README's Tests section lists them; the test sets each. */
export const PLACEHOLDERS = ['KEY'] as const

/** Addresses that stand for the reader's emulator and app; the test puts its own in their place. */
export const EMULATOR_ADDRESS = '127.0.0.1:4010'
export const APP_ADDRESS = 'localhost:3000'

const SHELL_VARIABLES = new Set(['PATH', 'PWD', 'HOME'])

/** What a runnable block may not hold: each problem as a sentence naming the block. */
export function conventionProblems(block: Block): string[] {
  const where = `README line ${block.line} (${block.lang})`
  const problems: string[] = []
  const code = block.lang === 'sh' ? block.text.replace(/#.*$/gm, '') : block.text
  if (/\[--?[a-z]/.test(code))
    problems.push(`${where}: an optional flag in [brackets]: write one real command per case`)
  if (/…/.test(code)) problems.push(`${where}: "…" stands for a value: use a real one or a $PLACEHOLDER`)
  if (block.lang === 'sh') {
    if (/(^|\s)<[a-z][\w-]*>/i.test(code)) problems.push(`${where}: a <placeholder> reads as a redirect`)
    if (/\s\|\s(?:get|set|use|path|list)\b/.test(code)) problems.push(`${where}: a pseudo-pipe of alternatives`)
    const assigned = new Set([...code.matchAll(/(?:^|[\s;(])([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1]))
    for (const [, name] of code.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g))
      if (!assigned.has(name) && !SHELL_VARIABLES.has(name) && !(PLACEHOLDERS as readonly string[]).includes(name))
        problems.push(`${where}: $${name} is neither set in the block nor a listed placeholder`)
  }
  return [...new Set(problems)]
}
