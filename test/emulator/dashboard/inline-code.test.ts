// Inline code on the pages (`store serve`, keys, commands in the login and order pages) wraps at
// spaces like the text around it, and breaks inside a word only when the word alone is too long.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const css = readFileSync(new URL('../../../src/browser/pages.css', import.meta.url), 'utf8')

describe('inline code on the pages', () => {
  it('breaks inside a word only when the word does not fit a line', () => {
    const rule = /(?:^|\n)code \{([^}]*)\}/.exec(css)?.[1] ?? ''
    expect(rule).toMatch(/overflow-wrap: anywhere;/)
    expect(css).not.toMatch(/word-break: break-all/)
  })
})
