// `store drift FILE.har [--base-url URL] [--json]`: replay a recording against the emulator and
// report every difference (the work in ../fidelity/).
import type { Command } from 'commander'
import { commandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { subcommand } from '../examples.js'

export function register(program: Command, ctx: CliContext): void {
  subcommand(
    program,
    'drift <file>',
    'replay a HAR recording against the emulator in a fresh account seeded from its reads; report differences in status, fields and types, error form, order and paging; exit 1 on any',
    [
      'store drift session.har',
      'store drift session.har --base-url http://127.0.0.1:4010/api/v1 --api-key "$STORE_API_KEY" --json',
    ],
  ).action(async (file: string, _o: unknown, command: Command) =>
    (await import('../fidelity/drift.js')).runDrift(commandContext(ctx, command), file),
  )
}
