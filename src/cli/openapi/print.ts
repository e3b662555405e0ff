// `store openapi`: the OpenAPI 3.1 documents, generated from the same schemas as the emulator's
// (the emulator serves them too, at /api/v1/openapi.json and /_emulator/openapi.json). Made here,
// so they need no running emulator; the server they name is the connection's (--base-url,
// STORE_BASE_URL, the profile, or the local emulator).
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createApiDocument, createControlDocument } from '../../contract/openapi/document.js'
import type { CommandContext } from '../client-factory.js'
import { UsageError } from '../exit-codes.js'

export interface OpenApiOptions {
  control?: boolean
  out?: string
}

export function printOpenApi(cc: CommandContext, o: OpenApiOptions): void {
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
