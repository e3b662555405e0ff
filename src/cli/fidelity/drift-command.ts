// The run function of `store drift`: read and check the recording, replay it on the emulator of the
// connection (--base-url, STORE_BASE_URL, the profile or the local one), print the report.
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { CommandContext } from '../client-factory.js'
import { UsageError } from '../exit-codes.js'
import { concludeDrift, printDriftReport } from './drift-report.js'
import { parseHar } from './har.js'
import { replayRecording } from './replay.js'
import { checkReplayable } from './replayable.js'

export async function runDrift(cc: CommandContext, file: string): Promise<void> {
  const path = resolve(cc.cwd, file)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new UsageError(
      `${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); record one with store proxy --record ${file}`,
    )
  }
  const har = parseHar(text, file)
  checkReplayable(har, file)
  if (!cc.connection().apiKey)
    throw new UsageError(
      'store drift needs a key of the emulator that may create accounts: pass --api-key or set STORE_API_KEY (the key store serve printed, or its --admin-key)',
    )
  const suffix = Buffer.from(cc.randomBytes(3)).toString('hex')
  // Ctrl+C, a kill or a closed terminal stop the replay, which then removes its account.
  const stopping = new AbortController()
  const offs = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) =>
    cc.onSignal(signal, () => stopping.abort(signal)),
  )
  let report: Awaited<ReturnType<typeof replayRecording>>
  try {
    report = await replayRecording(har, cc.client(), `d${suffix}`, stopping.signal)
  } finally {
    for (const off of offs) off()
  }
  printDriftReport(cc.out, report, file)
  concludeDrift(cc.out, report, file)
}
