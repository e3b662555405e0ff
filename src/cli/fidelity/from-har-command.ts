// The run functions of `store fixtures from-har` and `store seed from-har`.
import type { CommandContext } from '../client-factory.js'
import { writeOut } from './atomic-write.js'
import { readHar } from './har.js'
import { describeCounts, fixturesFromHar } from './har-fixtures.js'
import { maskText } from './mask.js'
import { seedText } from './pull.js'
import { countsOf, seedFromRecording } from './recording-seed.js'

export async function runFixturesFromHar(cc: CommandContext, file: string, o: { out?: string }): Promise<void> {
  const made = fixturesFromHar(await readHar(cc.cwd, file), file)
  for (const note of made.notes) cc.out.warn(note)
  if (Object.keys(made.unmade).length)
    cc.out.warn(
      `${file} reads records it does not create (${describeCounts(made.unmade)}): run the fixtures in an account seeded with them (store seed from-har ${file} --out seed.json, then store serve --seed seed.json, store state import seed.json or createTestAccount({ seed }))`,
    )
  const steps = made.file.fixtures.length
  await writeOut(
    cc,
    // Recordings are masked already; the mask runs again for any key a hand-made HAR kept.
    maskText(`${JSON.stringify(made.file, null, 2)}\n`, []),
    o.out,
    `${steps} steps from ${file}${o.out ? ` written to ${o.out}; run them with store fixtures run ${o.out}` : ''}`,
  )
}

export async function runSeedFromHar(cc: CommandContext, file: string, o: { out?: string }): Promise<void> {
  const har = await readHar(cc.cwd, file)
  const { seed, unseedable } = seedFromRecording(har.log.entries)
  for (const u of unseedable)
    cc.out.warn(`not seeded: ${u.kind} ${u.id}, read in a shape the seed file does not take (${u.problem})`)
  const counts = countsOf(seed)
  const what = Object.keys(counts).length
    ? describeCounts(counts)
    : 'no record (the recording reads only what it creates)'
  await writeOut(
    cc,
    seedText(seed, []),
    o.out,
    `${what} from the reads of ${file}${o.out ? ` written to ${o.out}; load it with store serve --seed ${o.out}, store state import ${o.out} or createTestAccount({ seed })` : ''}`,
  )
}
