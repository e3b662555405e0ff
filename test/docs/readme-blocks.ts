// The manual's code blocks (README.md, then the pages of docs/ in the order its "The manual"
// section lists them), and the convention its runnable blocks follow (docs/development.md, "The manual is tested").
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface Block {
  /** The page it is on, relative to the repository: `README.md`, `docs/cli.md`. */
  page: string
  /** 1-based line of the opening fence. */
  line: number
  lang: string
  /** Words after the language in the info string: `no-run`, `long-running`. */
  flags: string[]
  text: string
}

/** The manual's pages in reading order: README.md, the pages its "The manual" section lists, then any other of docs/. */
export function manualPages(root: string): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  const contents = /^## The manual\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1] ?? ''
  const linked = [...contents.matchAll(/\]\((docs\/[\w.-]+\.md)(?:#[^)]*)?\)/g)].map((m) => m[1])
  const all = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`)
    .sort()
  return [...new Set(['README.md', ...linked.filter((p) => all.includes(p)), ...all])]
}

/** Every fenced block of the manual's pages, in reading order. */
export function manualBlocks(root: string): Block[] {
  return manualPages(root).flatMap((page) => codeBlocks(readFileSync(join(root, page), 'utf8'), page))
}

/** Where a block is, for messages: `docs/cli.md line 12`. */
export const where = (b: Block) => `${b.page} line ${b.line}`

/** Every fenced block of a markdown text, in order. */
export function codeBlocks(markdown: string, page = 'README.md'): Block[] {
  const blocks: Block[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*(.*)$/.exec(lines[i])
    if (!open) continue
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'))
    if (end === -1) throw new Error(`${page} line ${i + 1}: a code block that is never closed`)
    blocks.push({
      page,
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

/** The flags a block's info string may carry (docs/development.md, "The manual is tested"). */
export const isKnownFlag = (f: string) =>
  f === 'no-run' || f === 'long-running' || f === 'new-terminal' || /^file=[\w.-]+$/.test(f)

/** Values the reader supplies, as "The manual is tested" lists them; the test sets each. */
export const PLACEHOLDERS = ['KEY'] as const

/** Addresses that stand for the reader's emulator and app; the test puts its own in their place. */
export const EMULATOR_ADDRESS = '127.0.0.1:4010'
export const APP_ADDRESS = 'localhost:3000'

/**
 * Ports a reader has in use while following the manual: the emulator's, `store webhooks receive`'s
 * and their app's. The test holds them for its whole run, so a block that binds one, or reaches one
 * by a default, fails.
 */
export const TAKEN_PORTS = [4010, 4011, 3000] as const

/** Commands that bind a port, 4010, 4011 or 4020 unless told: a runnable block gives them `--port 0`. */
const BINDS_A_PORT = /\bstore\s+(?:serve|webhooks\s+receive|proxy)\b/

const SHELL_VARIABLES = new Set(['PATH', 'PWD', 'HOME'])

/** What a runnable block may not hold: each problem as a sentence naming the block. */
export function conventionProblems(block: Block): string[] {
  const at = `${where(block)} (${block.lang})`
  const problems: string[] = []
  const code = block.lang === 'sh' ? block.text.replace(/#.*$/gm, '') : block.text
  if (/\[--?[a-z]/.test(code)) problems.push(`${at}: an optional flag in [brackets]: write one real command per case`)
  if (/…/.test(code)) problems.push(`${at}: "…" stands for a value: use a real one or a $PLACEHOLDER`)
  if (block.lang === 'sh') {
    for (const [, port] of code.matchAll(/--port[\s=]+(\S+)/g))
      if (port !== '0') problems.push(`${at}: --port ${port} binds a fixed port: write --port 0 (a free one)`)
    for (const line of code.split('\n'))
      if (BINDS_A_PORT.test(line) && !/--port[\s=]+\S/.test(line))
        problems.push(`${at}: \`${line.trim()}\` binds its default port: add --port 0 (a free one)`)
    if (/(^|\s)<[a-z][\w-]*>/i.test(code)) problems.push(`${at}: a <placeholder> reads as a redirect`)
    if (/\s\|\s(?:get|set|use|path|list)\b/.test(code)) problems.push(`${at}: a pseudo-pipe of alternatives`)
    const assigned = new Set([...code.matchAll(/(?:^|[\s;(])([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1]))
    for (const [, name] of code.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g))
      if (!assigned.has(name) && !SHELL_VARIABLES.has(name) && !(PLACEHOLDERS as readonly string[]).includes(name))
        problems.push(`${at}: $${name} is neither set in the block nor a listed placeholder`)
  }
  return [...new Set(problems)]
}
