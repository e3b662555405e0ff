// `store completion bash|zsh|fish`: scripts generated from the command tree itself, so they never
// drift from the commands. Only this command loads every command module (`--help` loads none).
import { Argument, type Command } from 'commander'
import { subcommand } from '../examples.js'
import type { CliContext } from '../context.js'

/** A command with the words from the program to it (`emulator shops`). */
type Node = { cmd: Command; path: string[] }

const nodesOf = (cmd: Command, path: string[] = []): Node[] => [
  { cmd, path },
  ...cmd.commands.flatMap((sub) => nodesOf(sub, [...path, sub.name()])),
]
const flagsOf = (cmd: Command) => cmd.options.filter((o) => o.long && o.long !== '--version')
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim()

/** Flags offered after a command path: its own, plus the globals below the program. */
const flagWords = (n: Node, root: Command) =>
  [...flagsOf(n.cmd), ...(n.path.length ? flagsOf(root) : [])].map((o) => o.long!)

/** The commands in order, the flags that take a value, and every command path as `|a|a b|`. */
function scriptParts(root: Command) {
  const nodes = nodesOf(root)
  const valueFlags = [
    ...new Set(
      nodes.flatMap((n) =>
        flagsOf(n.cmd)
          .filter((o) => o.required || o.optional)
          .map((o) => o.long!),
      ),
    ),
  ]
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

function bashScript(root: Command): string {
  const { nodes, valueFlags, known } = scriptParts(root)
  const cases = nodes
    .map((n) => {
      const words = new Set([...n.cmd.commands.map((s) => s.name()), ...flagWords(n, root), '--help'])
      return `    ${quote(n.path.join(' '))}) words=${quote([...words].join(' '))} ;;`
    })
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

function zshScript(root: Command): string {
  const { nodes, valueFlags, known } = scriptParts(root)
  const cases = nodes
    .map((n) => {
      const subs = n.cmd.commands
        .map((s) => quote(`${s.name()}:${oneLine(s.description()).replace(/:/g, '\\:')}`))
        .join(' ')
      const flags = flagWords(n, root).map(quote).join(' ')
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

function fishScript(root: Command): string {
  const lines = ['# store completion for fish. Load it with:  store completion fish | source', 'complete -c store -f']
  for (const { cmd, path } of nodesOf(root)) {
    const seen = path.map((word) => `__fish_seen_subcommand_from ${word}`)
    const childNames = cmd.commands.map((s) => s.name())
    const notDeeper = childNames.length ? [`not __fish_seen_subcommand_from ${childNames.join(' ')}`] : []
    const at = path.length === 0 ? ['__fish_use_subcommand'] : [...seen, ...notDeeper]
    for (const sub of cmd.commands)
      lines.push(
        `complete -c store -n ${quote(at.join('; and '))} -a ${sub.name()} -d ${quote(oneLine(sub.description()))}`,
      )
    const optionCondition = path.length ? ` -n ${quote(seen.join('; and '))}` : ''
    for (const o of flagsOf(cmd))
      lines.push(
        `complete -c store${optionCondition} -l ${o.long!.replace(/^--/, '')}${o.required || o.optional ? ' -r' : ''} -d ${quote(oneLine(o.description))}`,
      )
  }
  return `${lines.join('\n')}\n`
}

const SCRIPTS = { bash: bashScript, zsh: zshScript, fish: fishScript }

export function register(program: Command, ctx: CliContext): void {
  subcommand(
    program,
    'completion',
    'print a shell completion script: source <(store completion bash), or zsh, or store completion fish | source',
    ['store completion bash > ~/.local/share/bash-completion/completions/store', 'store completion zsh'],
  )
    .addArgument(new Argument('<shell>').choices(Object.keys(SCRIPTS)))
    .action((shell: keyof typeof SCRIPTS) => void ctx.stdout.write(SCRIPTS[shell](program)))
}
