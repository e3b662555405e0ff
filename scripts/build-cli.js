// Bundles the CLI (src/cli/main.ts) into dist/cli-bundle/, so a command starts by reading a few
// files instead of resolving and compiling hundreds (README, "Start-up"). What only `store serve`
// needs, the emulator and its server packages, stays outside: serve imports the tsc build of
// the emulator from dist/emulator/ when it starts. Run after `tsc` (npm run build).
//
// The bundle is CommonJS, so that V8's code cache can skip compiling it (src/cli/compile-cache.ts):
// esbuild splits the CLI into ES module chunks (what a command does not use is not loaded), then
// each chunk is turned into CommonJS, one file for one chunk, so a module still has one instance.
// start.cjs, which bin/store.js loads, turns the cache on for the chunks (under a hash of each
// one's content: a cached compile only ever meets its own source) and runs the main chunk.
import { build, transform } from 'esbuild'
import { createHash } from 'node:crypto'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
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

/**
 * Node modules that every command would load at start for a package's sake and none uses there
 * become stand-ins that load the module on the first call: commander's node:child_process (for
 * executable subcommands, which the CLI has none of), lowdb's and steno's node:fs/promises (the
 * CLI uses lowdb's sync adapter). A name missing here fails the build ("No matching export").
 * Chalk's terminal probe (node:tty, node:os) becomes chalk's own variant for other platforms:
 * the CLI decides colour itself and gives chalk its level (output.ts).
 */
const ON_CALL = {
  'node:child_process': { importers: /\/node_modules\/commander\//, names: ['spawn'] },
  'node:fs/promises': { importers: /\/node_modules\/(lowdb|steno)\//, names: ['readFile', 'rename', 'writeFile'] },
}
const unusedAtStart = {
  name: 'unused-at-start',
  setup(b) {
    b.onResolve({ filter: /^node:(child_process|fs\/promises)$/ }, (args) =>
      ON_CALL[args.path].importers.test(args.importer) ? { path: args.path, namespace: 'on-call' } : undefined,
    )
    b.onLoad({ filter: /.*/, namespace: 'on-call' }, (args) => ({
      contents: ON_CALL[args.path].names
        .map((name) => `export const ${name} = (...a) => process.getBuiltinModule('${args.path}').${name}(...a)`)
        .join('\n'),
      loader: 'js',
    }))
    b.onResolve({ filter: /^#supports-color$/ }, (args) =>
      args.importer.includes('/node_modules/chalk/')
        ? { path: join(dirname(args.importer), 'vendor/supports-color/browser.js') }
        : undefined,
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
  outExtension: { '.js': '.cjs' },
  metafile: true,
  legalComments: 'linked',
  external: ['hono', 'hono/*', '@hono/node-server', '@hono/node-server/*', '@inquirer/prompts'],
  plugins: [emulatorOutside, unusedAtStart],
  define: { 'import.meta.url': '__importMetaUrl' },
  // The ES module chunks are an intermediate step: written, then rewritten as CommonJS below.
  write: true,
})

const chunks = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.cjs'))
for (const chunk of chunks) {
  const file = join(root, chunk)
  // A chunk loads another chunk with require: one module registry, no ES module loader. A package
  // or emulator file outside the bundle is an ES module, loaded by import-esm.cjs: code compiled
  // from V8's code cache through vm cannot run import() itself.
  const source = readFileSync(file, 'utf8')
    .replace(/\bimport\("(\.\/[\w-]+\.cjs)"\)/g, (_, path) => `Promise.resolve().then(()=>require("${path}"))`)
    .replace(/\bimport\("([^"]+)"\)/g, (_, path) => `require("./import-esm.cjs")("${path}")`)
  const cjs = await transform(source, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minify: true,
    banner: source.includes('__importMetaUrl')
      ? 'var __importMetaUrl=require("node:url").pathToFileURL(__filename).href;'
      : undefined,
  })
  if (/\bimport\(/.test(cjs.code)) throw new Error(`${chunk}: an import() was left in the CommonJS bundle`)
  writeFileSync(file, cjs.code)
}
// Compiled by Node as usual (not in the cache's list): import() works here.
writeFileSync(join(outdir, 'import-esm.cjs'), 'module.exports=(specifier)=>import(specifier);\n')

const contentHashes = Object.fromEntries(
  chunks.map((chunk) => [
    basename(chunk),
    createHash('sha256')
      .update(readFileSync(join(root, chunk)))
      .digest('hex')
      .slice(0, 16),
  ]),
)
const main = join(outdir, 'main.cjs')
await build({
  ...common,
  stdin: {
    contents: `import { compileCacheDirOf, compileCacheKeyOf, useCompileCache } from './src/cli/compile-cache.ts'
useCompileCache(module.constructor, {
  bundleDir: __dirname,
  cacheDir: compileCacheDirOf(process.env, process.platform, { node: process.version, arch: process.arch }),
  contentHashes: ${JSON.stringify(contentHashes)},
  key: compileCacheKeyOf(process.argv.slice(2)),
})
require('./main.cjs').run()`,
    resolveDir: root,
    loader: 'ts',
  },
  outfile: join(outdir, 'start.cjs'),
  format: 'cjs',
  external: ['./main.cjs'],
})

writeFileSync(join(outdir, 'meta.json'), JSON.stringify(result.metafile))
const bytes = chunks.reduce((n, file) => n + readFileSync(join(root, file)).length, 0)
process.stdout.write(
  `CLI bundle: ${chunks.length} files, ${Math.round(bytes / 1024)} KB (main ${Math.round(readFileSync(main).length / 1024)} KB)\n`,
)
