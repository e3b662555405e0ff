// `store seed from-har FILE.har [--out FILE]`: the seed a recording's reads imply (the work in ../fidelity/).
import type { Command } from 'commander'
import { commandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { subcommand } from '../examples.js'

export function register(program: Command, ctx: CliContext): void {
  const seed = program
    .command('seed')
    .description('make seed files for store serve --seed, store state import and createTestAccount')
  subcommand(
    seed,
    'from-har <file>',
    'the seed a HAR recording implies: every record its reads showed and it did not create, under its recorded id (what store drift seeds its account with)',
    ['store seed from-har session.har --out seed.json', 'store serve --db :memory: --seed seed.json'],
  )
    .option('--out <file>', 'write the seed file here (whole or not at all) instead of stdout')
    .action(async (file: string, o: { out?: string }, command: Command) =>
      (await import('../fidelity/recording-seed.js')).runSeedFromHar(commandContext(ctx, command), file, o),
    )
}
