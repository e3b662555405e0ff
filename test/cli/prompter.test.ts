// The real @inquirer/prompts prompter, driven through a fake terminal (streams we type into).
import { PassThrough, Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { inquirerPrompter } from '../../src/cli/prompter.js'
import { testEmulator } from '../helpers/emulator.js'
import { runCli } from './run-cli.js'

function fakeTerminal() {
  const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => stdin })
  let screen = ''
  const stderr = Object.assign(
    new Writable({
      write(chunk, _enc, done) {
        screen += chunk.toString()
        done()
      },
    }),
    { isTTY: true, columns: 80, rows: 24 },
  )
  // Written keys wait in the stream until the prompt reads them: no timing involved.
  const type = async (keys: string) => {
    stdin.write(keys)
  }
  return { stdin, stderr, type, screen: () => screen }
}

describe('inquirerPrompter on a fake terminal', () => {
  it('asks for text, drawing on stderr, and returns what was typed', async () => {
    const term = fakeTerminal()
    const answer = inquirerPrompter(term).input('Coupon code')
    await term.type('SPRING\r')
    expect(await answer).toBe('SPRING')
    expect(term.screen()).toContain('Coupon code')
  })

  it('confirms with y and takes the default on Enter', async () => {
    const term = fakeTerminal()
    const yes = inquirerPrompter(term).confirm('Delete?')
    await term.type('y\r')
    expect(await yes).toBe(true)
    const byDefault = inquirerPrompter(term).confirm('Delete?', { default: false })
    await term.type('\r')
    expect(await byDefault).toBe(false)
  })

  it('selects a choice with the arrow keys', async () => {
    const term = fakeTerminal()
    const choice = inquirerPrompter(term).select('Type', ['percentage', 'fixed'])
    await term.type('\u001b[B')
    await term.type('\r')
    expect(await choice).toBe('fixed')
  })

  it('rejects with ExitPromptError on Ctrl+C (exit 130)', async () => {
    const term = fakeTerminal()
    const answer = inquirerPrompter(term).input('Name')
    await term.type('\u0003')
    await expect(answer).rejects.toMatchObject({ name: 'ExitPromptError' })
  })
})

describe('store on a fake terminal with the real prompts', () => {
  it('asks for the missing fields of a coupon, then creates it', async () => {
    const emu = await testEmulator({ seed: 'empty' })
    // code, type (select: down to "fixed"), value
    const { code, stdout, stderr, requests } = await runCli(['coupons', 'create', '--json'], {
      app: emu.app,
      tty: true,
      prompter: null,
      keys: ['autumn\r', '\u001b[B\r', '5\r'],
    })
    expect(code).toBe(0)
    expect(JSON.parse(requests[0].body!)).toEqual({ code: 'autumn', type: 'fixed', value: 5 })
    expect(JSON.parse(stdout)).toMatchObject({ code: 'AUTUMN', type: 'fixed', value: 5 })
    expect(stderr).toContain('coupon code (code)')
  })

  it('deletes after a y at the confirmation', async () => {
    const emu = await testEmulator()
    const { code, stderr } = await runCli(['products', 'delete', 'rec_demoSerial001'], {
      app: emu.app,
      tty: true,
      prompter: null,
      keys: ['y\r'],
    })
    expect(code).toBe(0)
    expect(stderr).toMatch(/Delete product "Game Key" \(rec_demoSerial001\)\? This cannot be undone\./)
    expect(stderr).toMatch(/✓.* Deleted product rec_demoSerial001\n$/)
  })

  it('draws the prompts without colour under --no-color', async () => {
    const emu = await testEmulator()
    const { code, stderr } = await runCli(['products', 'delete', 'rec_demoSerial001', '--no-color'], {
      app: emu.app,
      tty: true,
      prompter: null,
      keys: ['y\r'],
    })
    expect(code).toBe(0)
    expect(stderr).toMatch(/^\? Delete product "Game Key" \(rec_demoSerial001\)\? This cannot be undone\./)
    expect(stderr).not.toMatch(/\u001b\[3\dm/)
  })

  it('exits 130 when the confirmation is interrupted with Ctrl+C', async () => {
    const emu = await testEmulator()
    const { code, stderr, requests } = await runCli(['products', 'delete', 'rec_demoSerial001'], {
      app: emu.app,
      tty: true,
      prompter: null,
      keys: ['\u0003'],
    })
    expect(code).toBe(130)
    // The product was looked up to name it in the question; nothing was deleted.
    expect(requests.map((r) => r.method)).toEqual(['GET'])
    expect(stderr).toMatch(/error: cancelled\n$/)
  })
})
