import type { Command } from 'commander'

/** An "Examples:" section for `addHelpText('after', …)`: one `$ store …` line each. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`
}

/** The subcommand `term` (`get <key>`) of `parent`: its help line, then its examples. */
export function subcommand(parent: Command, term: string, description: string, lines: string[]): Command {
  return parent
    .command(term)
    .description(description)
    .addHelpText('after', examples(...lines))
}
