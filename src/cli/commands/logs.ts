// `store logs tail`: the emulator's request inspector, live (the action in ../logs/tail.ts).
import type { Command } from 'commander'
import { examples } from '../examples.js'
import { commandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import type { TailOptions } from '../logs/tail.js'

export function register(program: Command, ctx: CliContext): void {
  const logs = program
    .command('logs')
    .description("the emulator's request log: what your app sent and what it was answered")
  logs
    .command('tail')
    .description('print each request to /api/v1 and /_emulator as it is answered, failures with their reason')
    .option('--status <class>', 'only this status class (2xx, 3xx, 4xx, 5xx) or code (404)')
    .option('--method <method>', 'only this method (GET, POST, PUT, DELETE)')
    .option('--path <prefix>', 'only paths starting with this, e.g. /api/v1/orders')
    .addHelpText(
      'after',
      examples(
        'store logs tail',
        'store logs tail --status 4xx --method POST',
        'store logs tail --path /api/v1/orders --json',
      ),
    )
    .action(async (o: TailOptions, command: Command) =>
      (await import('../logs/tail.js')).tail(commandContext(ctx, command), o),
    )
}
