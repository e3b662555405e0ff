// `store logs tail|list|get`: the emulator's request inspector, live or after the fact (../logs/).
import type { Command } from 'commander'
import { subcommand } from '../examples.js'
import { inContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import type { TailOptions } from '../logs/request-line.js'
import type { ListOptions } from '../logs/list.js'

export function register(program: Command, ctx: CliContext): void {
  const logs = program
    .command('logs')
    .description("the emulator's request log: what your app sent and what it was answered")
  const filtered = (cmd: Command) =>
    cmd
      .option('--status <class>', 'only this status class (2xx, 3xx, 4xx, 5xx) or code (404)')
      .option('--method <method>', 'only this method (GET, POST, PUT, DELETE)')
      .option('--path <prefix>', 'only paths starting with this, e.g. /api/v1/orders')
  filtered(
    subcommand(
      logs,
      'tail',
      'print each request to /api/v1 and /_emulator as it is answered, failures with their reason',
      ['store logs tail', 'store logs tail --status 4xx --method POST', 'store logs tail --path /api/v1/orders --json'],
    ),
  ).action(inContext(ctx, async (cc, o: TailOptions) => (await import('../logs/tail.js')).tail(cc, o)))
  filtered(
    subcommand(logs, 'list', 'the last requests, oldest first (or with --failed, the last ones answered 4xx or 5xx)', [
      'store logs list --failed --limit 10',
      'store logs list --path /api/v1/orders --json',
    ])
      .option('--limit <n>', 'how many (1-1000, default 20)')
      .option('--failed', 'only requests answered 4xx or 5xx'),
  ).action(inContext(ctx, async (cc, o: ListOptions) => (await import('../logs/list.js')).listRequests(cc, o)))
  subcommand(logs, 'get', 'one recorded request: headers, bodies and the reason of a failure', [
    'store logs get req_12',
    'store logs get req_12 --json',
  ])
    .argument('<id>', 'request id (req_12), as store logs list --json and the dashboard show it')
    .action(inContext(ctx, async (cc, id: string) => (await import('../logs/list.js')).showRequest(cc, id)))
}
