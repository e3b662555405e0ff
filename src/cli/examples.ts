import type { Command } from 'commander'

/** An "Examples:" section for `addHelpText('after', …)`: one `$ store …` line each. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`
}

export function withExamples(cmd: Command, ...lines: string[]): Command {
  return cmd.addHelpText('after', examples(...lines))
}

/** The subcommand `term` (`get <key>`) of `parent`: its help line, then its examples. */
export function subcommand(parent: Command, term: string, description: string, lines: string[]): Command {
  return withExamples(parent.command(term), ...lines).description(description)
}
