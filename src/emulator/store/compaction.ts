import { Worker } from 'node:worker_threads'

/**
 * Folds a rotated journal into the db file on a worker thread, so the whole-store serialisation
 * never runs on the request path. The worker reads the snapshot and the journal from disk
 * (the in-memory store is not shared), applies every complete line, writes the result to a
 * temporary file, fsyncs it, renames it over the snapshot and only then removes the journal:
 * a crash at any moment leaves either the old snapshot plus the journal, or the new snapshot
 * (replaying the journal over it again is harmless, every line being whole-record puts/deletes).
 */
const FOLD_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads')
const fs = require('node:fs')
const path = require('node:path')
const { snapshotPath, journalPath, keyFields } = workerData
const db = JSON.parse(fs.readFileSync(snapshotPath, 'utf8'))
const maps = {}
const keyOf = (name, row) => (keyFields[name] === 'shopId:id' ? row.shopId + ':' + row.id : row.id)
const mapOf = (name) => {
  if (!maps[name]) maps[name] = new Map((db[name] || []).map((row) => [keyOf(name, row), row]))
  return maps[name]
}
const lines = fs.readFileSync(journalPath, 'utf8').split('\\n')
for (const line of lines) {
  if (!line) continue
  let entry
  try { entry = JSON.parse(line) } catch { break }
  for (const op of entry.ops) {
    const map = mapOf(op.c)
    if (op.put) map.set(keyOf(op.c, op.put), op.put)
    else map.delete(op.del)
  }
}
for (const [name, map] of Object.entries(maps)) db[name] = [...map.values()]
const tmp = path.join(path.dirname(snapshotPath), '.' + path.basename(snapshotPath) + '.fold.tmp')
const fd = fs.openSync(tmp, 'w', 0o600)
fs.writeSync(fd, JSON.stringify(db))
fs.fsyncSync(fd)
fs.closeSync(fd)
fs.renameSync(tmp, snapshotPath)
fs.unlinkSync(journalPath)
parentPort.postMessage('done')
`

export function foldJournalInWorker(snapshotPath: string, journalPath: string, keyFields: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(FOLD_SOURCE, { eval: true, workerData: { snapshotPath, journalPath, keyFields } })
    worker.once('message', () => resolve())
    worker.once('error', reject)
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`compaction worker exited with code ${code}`))))
  })
}
