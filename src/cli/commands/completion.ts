// `store completion bash|zsh|fish`: scripts generated from the command tree itself, so they never
// drift from the commands. Only this command loads every command module (`--help` loads none).
import type { Command, Option } from 'commander'
import { examples } from '../examples.js'
import type { CliContext } from '../context.js'
import { UsageError } from '../exit-codes.js'

export const SHELLS = ['bash', 'zsh', 'fish'] as const
export type Shell = (typeof SHELLS)[number]

interface Node {
  /** Words from the program to this command: `emulator shops`. */
  path: string[]
  description: string
  subcommands: Node[]
  options: { flag: string; takesValue: boolean; description: string }[]
}

function nodeOf(cmd: Command, path: string[]): Node {
  const options = (cmd.options as readonly Option[])
    .filter((o) => o.long)
    .map((o) => ({ flag: o.long!, takesValue: o.required || o.optional, description: o.description }))
  return {
    path,
    description: cmd.description(),
    options,
    subcommands: cmd.commands.map((sub) => nodeOf(sub, [...path, sub.name()])),
  }
}

function flatten(node: Node): Node[] {
  return [node, ...node.subcommands.flatMap(flatten)]
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim()

/** Words offered after a command path: its subcommands and its options (plus the globals). */
function wordsOf(node: Node, globals: Node['options']): string[] {
  const names = node.subcommands.map((s) => s.path[s.path.length - 1])
  const flags = [...node.options, ...(node.path.length ? globals : [])].map((o) => o.flag)
  return [...new Set([...names, ...flags, '--help'])]
}

/** The commands in order, the flags that take a value, and every command path as `|a|a b|`. */
function scriptParts(root: Node) {
  const nodes = flatten(root)
  const valueFlags = [...new Set(nodes.flatMap((n) => n.options.filter((o) => o.takesValue).map((o) => o.flag)))]
  return { nodes, valueFlags, known: `|${nodes.map((n) => n.path.join(' ')).join('|')}|` }
}

/** Shell loop (bash and zsh alike) that finds the deepest known command path among the typed words. */
function walk(first: string, end: string, wordsVar: string, valueFlags: string[]): string {
  return `  for ((i = ${first}; i < ${end}; i++)); do
    w="\${${wordsVar}[i]}"
    case "$prev" in ${valueFlags.join('|') || '--'}) prev=""; continue ;; esac
    prev="$w"
    [[ "$w" == -* ]] && continue
    candidate="\${cpath:+$cpath }$w"
    [[ "$known" == *"|$candidate|"* ]] && cpath="$candidate"
  done
`
}

export function bashScript(root: Node): string {
  const { nodes, valueFlags, known } = scriptParts(root)
  const cases = nodes
    .map((n) => `    ${quote(n.path.join(' '))}) words=${quote(wordsOf(n, root.options).join(' '))} ;;`)
    .join('\n')
  return `# store completion for bash. Load it with:  source <(store completion bash)
_store_completion() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" cpath="" candidate w words i
  local known=${quote(known)}
${walk('1', 'COMP_CWORD', 'COMP_WORDS', valueFlags)}  case "$cpath" in
${cases}
    *) words="" ;;
  esac
  COMPREPLY=( $(compgen -W "$words" -- "$cur") )
}
complete -o default -F _store_completion store
`
}

export function zshScript(root: Node): string {
  const { nodes, valueFlags, known } = scriptParts(root)
  const cases = nodes
    .map((n) => {
      const subs = n.subcommands
        .map((s) => quote(`${s.path[s.path.length - 1]}:${oneLine(s.description).replace(/:/g, '\\:')}`))
        .join(' ')
      const flags = [...n.options, ...(n.path.length ? root.options : [])].map((o) => quote(o.flag)).join(' ')
      return `    ${quote(n.path.join(' '))}) subs=(${subs}); flags=(${flags} --help) ;;`
    })
    .join('\n')
  return `#compdef store
# store completion for zsh. Load it with:  source <(store completion zsh)
# (or save it as _store in a directory of $fpath)
_store() {
  local cpath="" candidate w prev="" i
  local known=${quote(known)}
  local -a subs flags
${walk('2', 'CURRENT', 'words', valueFlags)}  case "$cpath" in
${cases}
  esac
  if [[ "\${words[CURRENT]}" == -* ]]; then
    compadd -- $flags
  else
    _describe -t commands 'store command' subs || _files
  fi
}
if [[ "\${zsh_eval_context[-1]}" == loadautofunc ]]; then _store "$@"; else compdef _store store; fi
`
}

export function fishScript(root: Node): string {
  const lines = ['# store completion for fish. Load it with:  store completion fish | source', 'complete -c store -f']
  for (const node of flatten(root)) {
    const ancestors = node.path
    const seen = ancestors.map((word) => `__fish_seen_subcommand_from ${word}`)
    const childNames = node.subcommands.map((s) => s.path[s.path.length - 1])
    const notDeeper = childNames.length ? [`not __fish_seen_subcommand_from ${childNames.join(' ')}`] : []
    const at = ancestors.length === 0 ? ['__fish_use_subcommand'] : [...seen, ...notDeeper]
    for (const sub of node.subcommands) {
      lines.push(
        `complete -c store -n ${quote(at.join('; and '))} -a ${sub.path[sub.path.length - 1]} -d ${quote(oneLine(sub.description))}`,
      )
    }
    const optionCondition = ancestors.length ? ` -n ${quote(seen.join('; and '))}` : ''
    for (const o of node.options) {
      lines.push(
        `complete -c store${optionCondition} -l ${o.flag.replace(/^--/, '')}${o.takesValue ? ' -r' : ''} -d ${quote(oneLine(o.description))}`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}

/** The script for `shell`, from the program every command is declared on. */
export function printCompletion(ctx: CliContext, program: Command, shell: string): void {
  if (!(SHELLS as readonly string[]).includes(shell))
    throw new UsageError(`unknown shell "${shell}": use bash, zsh or fish`)
  const root = nodeOf(program, [])
  root.options = root.options.filter((o) => o.flag !== '--version')
  const script = shell === 'bash' ? bashScript(root) : shell === 'zsh' ? zshScript(root) : fishScript(root)
  ctx.stdout.write(script)
}

export function register(program: Command, ctx: CliContext): void {
  program
    .command('completion')
    .addHelpText(
      'after',
      examples('store completion bash > ~/.local/share/bash-completion/completions/store', 'store completion zsh'),
    )
    .description(
      'print a shell completion script: source <(store completion bash), or zsh, or store completion fish | source',
    )
    .argument('<shell>', 'bash, zsh or fish')
    .action((shell: string) => printCompletion(ctx, program, shell))
}
