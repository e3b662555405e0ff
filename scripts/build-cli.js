// Bundles the CLI (src/cli/main.ts) into dist/cli-bundle/, so a command starts by reading a few
// files instead of resolving and compiling hundreds (README, "Start-up"). What only `store serve`
// needs, the emulator and its server packages, stays outside: serve imports the tsc build of
// the emulator from dist/emulator/ when it starts. Run after `tsc` (npm run build).
import { build } from 'esbuild'
import { rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const outdir = join(root, 'dist', 'cli-bundle')
const emulatorSrc = join(root, 'src', 'emulator')

/** `import('../../emulator/x.js')` from the CLI: the built file beside the bundle, not a copy inside it. */
const emulatorOutside = {
  name: 'emulator-outside',
  setup(b) {
    b.onResolve({ filter: /\/emulator\// }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined
      const source = join(args.resolveDir, args.path).replace(/\.js$/, '.ts')
      if (!source.startsWith(emulatorSrc)) return undefined
      const built = relative(join(root, 'src'), source).replace(/\.tsx?$/, '.js')
      return { path: `../${built}`, external: true }
    })
  },
}

rmSync(outdir, { recursive: true, force: true })
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  // Chunks sit beside main.js: code that finds files relative to itself (fixtures, package.json)
  // is two levels below the package root here as in src/.
  chunkNames: '[name]-[hash]',
  metafile: true,
  legalComments: 'linked',
  external: ['hono', 'hono/*', '@hono/node-server', '@hono/node-server/*', '@inquirer/prompts'],
  plugins: [emulatorOutside],
  // commander is CommonJS: its require() calls need a require in ES module scope.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  logLevel: 'warning',
})
writeFileSync(join(outdir, 'meta.json'), JSON.stringify(result.metafile))
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0)
const main = result.metafile.outputs['dist/cli-bundle/main.js']
process.stdout.write(
  `CLI bundle: ${Object.keys(result.metafile.outputs).length} files, ${Math.round(bytes / 1024)} KB (main ${Math.round(main.bytes / 1024)} KB)\n`,
)
