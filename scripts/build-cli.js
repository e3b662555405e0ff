// Bundles the CLI (src/cli/main.ts) into dist/cli-bundle/, so a command starts by reading a few
// files instead of resolving and compiling hundreds (README, "Start-up"). What only `store serve`
// needs, the emulator and its server packages, stays outside: serve imports the tsc build of
// the emulator from dist/emulator/ when it starts. Run after `tsc` (npm run build).
//
// esbuild splits the CLI into ES module chunks, so what a command does not use is not loaded;
// bin/store.js imports main.js and runs it.
import { build } from 'esbuild'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
// `npm run build` builds into a folder of its own and swaps it into place (scripts/build.js).
const dist = join(root, process.env.STORE_DIST ?? 'dist')
const outdir = join(dist, 'cli-bundle')
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

/**
 * Modules whose value is data made from other modules, evaluated once from their tsc build and put
 * in the bundle as that data: src/cli/body-flags.ts derives every operation's arguments and flags;
 * src/contract/operations/addresses.ts takes each operation's method and path; src/cli/command-list.ts
 * lists the top-level commands. So declaring the create and update flags and calling an operation
 * load no zod (the schemas still load when a command checks a body or --verbose checks an answer),
 * and `store --help` loads no command module.
 */
const AS_DATA = {
  'cli/body-flags': 'OPERATION_FLAGS',
  'contract/operations/addresses': 'ADDRESSES',
  'cli/command-list': 'COMMAND_LIST',
}
const asData = {
  name: 'as-data',
  setup(b) {
    b.onLoad(
      { filter: /[\\/]src[\\/](cli[\\/](body-flags|command-list)|contract[\\/]operations[\\/]addresses)\.ts$/ },
      async (args) => {
        const module = relative(join(root, 'src'), args.path).replace(/\\/g, '/').replace(/\.ts$/, '')
        const name = AS_DATA[module]
        const value = (await import(pathToFileURL(join(dist, `${module}.js`)).href))[name]
        return { contents: `export const ${name} = ${JSON.stringify(value)}`, loader: 'js' }
      },
    )
  },
}

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  logLevel: 'warning',
}

rmSync(outdir, { recursive: true, force: true })
const result = await build({
  ...common,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir,
  splitting: true,
  format: 'esm',
  // Chunks sit beside main: code that finds files relative to itself (fixtures, package.json)
  // is two levels below the package root here as in src/.
  chunkNames: '[name]-[hash]',
  metafile: true,
  legalComments: 'linked',
  // CommonJS packages bundled into ES modules (commander) require Node's own modules, and only those.
  banner: { js: 'const require=(id)=>process.getBuiltinModule(id);' },
  external: ['hono', 'hono/*', '@hono/node-server', '@hono/node-server/*', '@inquirer/prompts'],
  plugins: [emulatorOutside, asData],
})

const chunks = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'))
const main = join(outdir, 'main.js')
writeFileSync(join(outdir, 'meta.json'), JSON.stringify(result.metafile))
const bytes = chunks.reduce((n, file) => n + readFileSync(join(root, file)).length, 0)
process.stdout.write(
  `CLI bundle: ${chunks.length} files, ${Math.round(bytes / 1024)} KB (main ${Math.round(readFileSync(main).length / 1024)} KB)\n`,
)
