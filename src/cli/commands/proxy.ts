// `store proxy --upstream URL [--record FILE.har] [--port N] [--api-key KEY]`: the hosted service
// behind a local `/api/v1`, each answer checked against the spec's schemas (the work in ../fidelity/).
import type { Command } from 'commander'
import { commandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { subcommand } from '../examples.js'
import type { ProxyFlags } from '../fidelity/proxy.js'

export function register(program: Command, ctx: CliContext): void {
  subcommand(
    program,
    'proxy',
    "forward /api/v1 to the hosted service unchanged; record the exchanges as HAR 1.2 (keys masked); print answers that break the spec's schemas",
    [
      'store proxy --upstream https://shop.example.com/api/v1 --record session.har',
      'STORE_BASE_URL=http://127.0.0.1:4020/api/v1 my-app-tests   # the app talks to the proxy',
      'store proxy --upstream https://shop.example.com --api-key "$LIVE_KEY" --port 0',
    ],
  )
    .requiredOption('--upstream <url>', 'base URL of the service to forward to (…/api/v1 is added when missing)')
    .option('--record <file.har>', 'write every exchange to this HAR file, rewritten whole after each one')
    .option('--port <n>', 'port to listen on (0 picks a free one)', '4020')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .action(async (o: ProxyFlags, command: Command) =>
      (await import('../fidelity/proxy.js')).runProxy(commandContext(ctx, command), o),
    )
}
