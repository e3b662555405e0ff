import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApiDocument, createControlDocument } from '../../src/contract/openapi/document.js'
import { runCli } from './run-cli.js'

describe('store openapi', () => {
  it('prints the document of /api/v1 for the local emulator, without asking any server', async () => {
    const run = await runCli(['openapi'])
    expect(run.code).toBe(0)
    expect(run.requests).toEqual([])
    const document = JSON.parse(run.stdout)
    expect(document.servers).toEqual([
      { url: 'http://127.0.0.1:4010/api/v1', description: 'The emulator (store serve)' },
    ])
    expect(document).toEqual(JSON.parse(JSON.stringify(createApiDocument())))
    expect(run.stdout).toBe(`${JSON.stringify(document, null, 2)}\n`)
  })

  it('writes the control API and storefront document to --out, naming the --base-url origin as its server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-openapi-cli-'))
    try {
      const run = await runCli(
        ['--base-url', 'http://emulator.test:9000/api/v1', 'openapi', '--control', '--out', 'control.json'],
        {
          cwd: dir,
        },
      )
      expect(run.code).toBe(0)
      expect(run.stdout).toBe('')
      expect(run.stderr).toBe(
        `✓ Wrote the OpenAPI document of the control API and storefront to ${join(dir, 'control.json')}\n`,
      )
      const written = JSON.parse(readFileSync(join(dir, 'control.json'), 'utf8'))
      expect(written).toEqual(
        JSON.parse(JSON.stringify(createControlDocument({ origin: 'http://emulator.test:9000' }))),
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('says which file it could not write (exit 2)', async () => {
    const run = await runCli(['openapi', '--out', '/nonexistent-folder/api.json'])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('error: --out: cannot write /nonexistent-folder/api.json (ENOENT)\n')
  })
})
