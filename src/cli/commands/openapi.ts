// `store openapi [--control] [--out FILE]`: the OpenAPI 3.1 documents, generated from the same schemas
// as the emulator's (the emulator serves them too, at /api/v1/openapi.json and /_emulator/openapi.json).
// Made here, so they need no running emulator; the server they name is the connection's (--base-url,
// STORE_BASE_URL, the profile, or the local emulator).
import type { Command } from 'commander'
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { subcommand } from '../examples.js'
import { inContext, type CommandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { UsageError } from '../exit-codes.js'

async function printOpenApi(cc: CommandContext, o: { control?: boolean; out?: string }): Promise<void> {
  const { createApiDocument, createControlDocument } = await import('../../contract/openapi/document.js')
  const origin = cc.connection().origin
  const document = o.control ? createControlDocument({ origin }) : createApiDocument({ origin })
  const text = `${JSON.stringify(document, null, 2)}\n`
  if (!o.out) return void cc.stdout.write(text)
  const path = resolve(cc.cwd, o.out)
  try {
    writeFileSync(path, text)
  } catch (error) {
    throw new UsageError(
      `--out: cannot write ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    )
  }
  cc.out.success(`Wrote the OpenAPI document of ${o.control ? 'the control API and storefront' : '/api/v1'} to ${path}`)
}

export function register(program: Command, ctx: CliContext): void {
  subcommand(
    program,
    'openapi',
    'print or write the OpenAPI 3.1 document of /api/v1 (or, with --control, of /_emulator and the storefront)',
    ['store openapi --out api.json', 'store openapi --control --out control.json'],
  )
    .option('--control', 'the control API (/_emulator) and storefront instead of /api/v1')
    .option('--out <file>', 'write it to a file instead of stdout')
    .action(inContext(ctx, printOpenApi))
}
