// Every relative link of the manual (README.md and the pages of docs/) names a file that exists,
// and a heading of that page when it names one (docs/development.md, "The manual is tested").
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../e2e/serve-process.js'
import { manualPages } from './readme-blocks.js'

/** A markdown text without its fenced blocks. */
const unfenced = (markdown: string) => markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '')

/** A markdown text without its fenced blocks and inline code, where nothing is a link. */
const prose = (markdown: string) => unfenced(markdown).replace(/`[^`\n]*`/g, '')

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as `-`, repeats numbered. */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const [, title] of unfenced(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = title
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  return anchors
}

/** The relative links (and images) of a page: `target` as written. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
}

describe('the links of the manual', () => {
  const pages = manualPages(ROOT)

  it('covers the README and every page of docs/', () => {
    expect(pages[0]).toBe('README.md')
    expect(pages.length).toBeGreaterThan(5)
  })

  it('gives GitHub anchors', () => {
    expect([
      ...anchorsOf('## The emulator: `store serve`\n### /api/v1\n## Control API (`/_emulator`)\n## A\n## A'),
    ]).toEqual(['the-emulator-store-serve', 'apiv1', 'control-api-_emulator', 'a', 'a-1'])
  })

  it.each(pages)('%s: every relative link resolves to a file and heading', (page) => {
    const broken: string[] = []
    for (const target of relativeLinks(readFileSync(join(ROOT, page), 'utf8'))) {
      const [path, anchor] = target.split('#')
      const file = path ? normalize(join(dirname(page), decodeURI(path))) : page
      if (file.startsWith('..') || !existsSync(join(ROOT, file))) {
        broken.push(`${target}: no file ${file}`)
        continue
      }
      if (anchor !== undefined && !anchorsOf(readFileSync(join(ROOT, file), 'utf8')).has(anchor))
        broken.push(`${target}: no heading #${anchor} in ${file}`)
    }
    expect(broken).toEqual([])
  })
})
