// The top-level commands as `store --help` lists them. The CLI bundle holds this list as data
// (scripts/build-cli.js), so listing the commands loads none of their modules.
import { Command, Help } from 'commander'
import { COMMANDS } from './commands-index.js'
import type { CliContext } from './context.js'

/** Each command's name, its term as the help lists it (`drift [options] <file>`) and its description. */
async function listCommands() {
  const program = new Command()
  for (const command of COMMANDS) (await command.load()).register(program, {} as CliContext)
  const help = new Help()
  return program.commands.map((c) => ({ name: c.name(), term: help.subcommandTerm(c), description: c.description() }))
}

export const COMMAND_LIST = await listCommands()
