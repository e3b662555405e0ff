// `store pull --from URL --api-key KEY [--shop S] [--out FILE] [--anonymize] [--with-orders]`: a
// hosted shop as a seed file (the work in ../fidelity/).
import type { Command } from 'commander'
import { commandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { subcommand } from '../examples.js'
import type { PullFlags } from '../fidelity/pull.js'

export function register(program: Command, ctx: CliContext): void {
  subcommand(
    program,
    'pull',
    'read a hosted shop through /api/v1 (every page of every list) into a seed file for store serve --seed, store state import and createTestAccount; keys are never written',
    [
      'store pull --from https://shop.example.com/api/v1 --api-key "$LIVE_KEY" --out shop.json --anonymize',
      'store serve --db :memory: --seed shop.json',
    ],
  )
    .requiredOption('--from <url>', 'base URL of the hosted API (…/api/v1 is added when missing)')
    .option('--out <file>', 'write the seed file here (whole or not at all) instead of stdout')
    .option('--anonymize', "replace people's e-mails, names, IP addresses and phone numbers, consistently")
    .option('--with-orders', 'also pull orders (the newest 200: the API pages no further)')
    .action(async (o: PullFlags, command: Command) =>
      (await import('../fidelity/pull.js')).runPull(commandContext(ctx, command), o),
    )
}
