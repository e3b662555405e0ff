// The package root must bundle for a browser or an edge runtime: zod and plain code only.
import { build } from 'esbuild'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')

describe('the package root in a browser bundle', () => {
  it('bundles an app that uses StoreClient for the browser, reaching no Node built-in, no emulator code and no schema', async () => {
    const result = await build({
      stdin: {
        contents: `import { StoreClient } from './dist/index.js'
          const client = new StoreClient({ baseUrl: 'https://shop.example/api/v1', apiKey: 'sk_live_x' })
          client.products.list().then((page) => console.log(page.products.length))`,
        resolveDir: ROOT,
      },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      minify: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    // What reached the bundle: the inputs that kept any bytes after tree shaking.
    const inputs = Object.values(result.metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => path),
    )
    expect(inputs.filter((i) => i.startsWith('node:') || /\/(emulator|msw|cli|fairness)\//.test(i))).toEqual([])
    // The client checks answers only against schemas handed to it: an app that hands none carries no zod.
    expect(inputs.filter((i) => i.includes('node_modules/zod/'))).toEqual([])
  })
})

describe('which entries bundle for a browser', () => {
  const bundleFor = (entry: string) =>
    build({
      entryPoints: [resolve(ROOT, entry)],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    })

  it('bundles online-store-cli/fairness for a browser', async () => {
    const result = await bundleFor('dist/fairness/index.js')
    expect(result.errors).toEqual([])
  })

  it.each(['dist/msw/index.js', 'dist/emulator/index.js', 'dist/testing/index.js'])(
    'refuses %s, which runs the emulator on Node',
    async (entry) => {
      await expect(bundleFor(entry)).rejects.toThrow(/node:/)
    },
  )
})
