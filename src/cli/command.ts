import type { Command } from 'commander'
import type { CliContext } from './context.js'

/** A command module adds its command (and subcommands) to the program. */
export type Register = (program: Command, ctx: CliContext) => void
