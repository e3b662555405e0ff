// `store openapi [--control] [--out FILE]`: the OpenAPI 3.1 documents (the action in ../openapi/print.ts).
import type { Command } from 'commander'
import { examples } from '../examples.js'
import { inContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import type { OpenApiOptions } from '../openapi/print.js'

export function register(program: Command, ctx: CliContext): void {
  program
    .command('openapi')
    .description(
      'print or write the OpenAPI 3.1 document of /api/v1 (or, with --control, of /_emulator and the storefront)',
    )
    .option('--control', 'the control API (/_emulator) and storefront instead of /api/v1')
    .option('--out <file>', 'write it to a file instead of stdout')
    .addHelpText('after', examples('store openapi --out api.json', 'store openapi --control --out control.json'))
    .action(inContext(ctx, async (cc, o: OpenApiOptions) => (await import('../openapi/print.js')).printOpenApi(cc, o)))
}
