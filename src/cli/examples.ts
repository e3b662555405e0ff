import type { Command } from 'commander'

/** An "Examples:" section for `addHelpText('after', …)`: one `$ store …` line each. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`
}

/** The command with an "Examples:" section after its help. */
export function withExamples(cmd: Command, ...lines: string[]): Command {
  return cmd.addHelpText('after', examples(...lines))
}
