// The create and update flags come from the spec's body schemas: a field added to a body is a
// flag, a help line and a prompt, and the built CLI declares the same flags as the source.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { register as registerProducts } from '../../src/cli/commands/products.js'
import { CreateProductBodySchema } from '../../src/contract/products.js'
import { testEmulator } from '../helpers/emulator.js'
import { runCli, scriptedPrompter } from './run-cli.js'

describe('a field added to a body schema', () => {
  const CreateWithEngraving = CreateProductBodySchema.extend({
    engraving: z.string().min(1).max(40).describe('text engraved on the item (up to 40 characters)'),
    giftWrap: z.boolean().describe('wrap it as a gift').optional(),
  })
  const commands = [
    {
      name: 'products',
      load: async () => ({
        register: (...[program, ctx]: Parameters<typeof registerProducts>) =>
          registerProducts(program, ctx, { createProduct: CreateWithEngraving }),
      }),
    },
  ]
  const oneLine = (text: string) => text.replace(/\s+/g, ' ')

  it('is a flag of create with a help line from its description', async () => {
    const { code, stdout } = await runCli(['products', 'create', '--help'], { commands })
    expect(code).toBe(0)
    expect(oneLine(stdout)).toContain(
      ' --engraving <value> text engraved on the item (up to 40 characters) (required) ',
    )
    expect(oneLine(stdout)).toContain(' --gift-wrap wrap it as a gift --no-gift-wrap set giftWrap to false ')
    // The spec's own products have no such flag.
    expect((await runCli(['products', 'create', '--help'])).stdout).not.toContain('--engraving')
  })

  it('is sent from its flag, after the schema check', async () => {
    const emu = await testEmulator()
    const flags = ['products', 'create', '--name', 'Mug', '--price', '9', '--type', 'Physical']
    const sent = await runCli([...flags, '--engraving', 'For Ada', '--gift-wrap'], { app: emu.app, commands })
    expect(JSON.parse(sent.requests[0].body!)).toEqual({
      name: 'Mug',
      price: 9,
      type: 'Physical',
      engraving: 'For Ada',
      giftWrap: true,
    })
    // The emulator answers with the spec it has, which lacks the field: the API's refusal, exit 3.
    expect(sent.code).toBe(3)
    expect(sent.stderr).toMatch(/^error: .*engraving/)

    const tooLong = await runCli([...flags, '--engraving', 'x'.repeat(41)], { app: emu.app, commands })
    expect(tooLong).toMatchObject({ code: 2, requests: [] })
    expect(tooLong.stderr).toMatch(/^error: invalid product: engraving: /)
  })

  it('is asked for on a terminal when required, and missing is a usage error when piped', async () => {
    const emu = await testEmulator()
    const flags = ['products', 'create', '--name', 'Mug', '--price', '9', '--type', 'Physical']
    const prompter = scriptedPrompter(['Happy birthday', 'Live'])
    const asked = await runCli(flags, { app: emu.app, tty: true, prompter, commands })
    expect(prompter.asked).toEqual(['text engraved on the item (engraving)', 'Live, Draft or Archived (status)'])
    expect(JSON.parse(asked.requests[0].body!)).toMatchObject({ engraving: 'Happy birthday', status: 'Live' })

    const piped = await runCli(flags, { app: emu.app, commands })
    expect(piped).toMatchObject({ code: 2, requests: [] })
    expect(piped.stderr).toBe(
      'error: missing --engraving for product (give the flags or --data; there is no terminal to ask on)\n',
    )
  })
})

describe('store webhooks create', () => {
  it('reads --events all and --chaos key=value its own way, then asks for a missing url on a terminal', async () => {
    const emu = await testEmulator()
    const prompter = scriptedPrompter(['http://127.0.0.1:9/hooks'])
    const run = await runCli(['webhooks', 'create', '--events', 'all', '--chaos', 'duplicate=0.5,seed=3', '--json'], {
      app: emu.app,
      tty: true,
      prompter,
    })
    expect(prompter.asked).toEqual(['where deliveries go (url)'])
    expect(run.code).toBe(0)
    const body = JSON.parse(run.requests[0].body!)
    expect(body).toMatchObject({ url: 'http://127.0.0.1:9/hooks', chaos: { duplicate: 0.5, seed: 3 } })
    expect(body.events).toContain('order:paid')
    expect(body.events).not.toContain('INVOICE.ITEM.DELIVER-DYNAMIC')

    const piped = await runCli(['webhooks', 'create', '--url', 'http://127.0.0.1:9/hooks'], { app: emu.app })
    expect(piped).toMatchObject({ code: 2, requests: [] })
    expect(piped.stderr).toMatch(/^error: missing --events for webhook endpoint /)
  })
})

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const hasBuild = existsSync(join(ROOT, 'dist/cli-bundle/main.js'))

describe.skipIf(!hasBuild)('the built CLI', () => {
  // The bundle holds the flags derived at build time; the source derives them as it runs.
  it.each(
    [
      ['products', 'create'],
      ['products', 'update'],
      ['coupons', 'create'],
      ['coupons', 'update'],
      ['categories', 'create'],
      ['categories', 'update'],
      ['groups', 'create'],
      ['groups', 'update'],
      ['blacklists', 'create'],
      ['blacklists', 'update'],
      ['themes', 'update'],
      ['orders', 'update'],
      ['emulator', 'shops', 'create'],
      ['emulator', 'fulfilment', 'set'],
      ['webhooks', 'create'],
    ].map((path) => [path.join(' '), path]),
  )('declares the flags of store %s as the source does', async (_name, path) => {
    const built = spawnSync(process.execPath, [join(ROOT, 'bin/store.js'), ...path, '--help'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: ROOT, NO_COLOR: '1' },
    })
    expect(built.status).toBe(0)
    expect(built.stdout).toMatch(/\nOptions:\n {2}--/)
    expect(built.stdout).toBe((await runCli([...path, '--help'])).stdout)
  })
})
