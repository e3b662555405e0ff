import { Worker } from 'node:worker_threads'

/**
 * Folds a rotated journal into the db file on a worker thread, so the whole-store serialisation
 * never runs on the request path. The worker reads the snapshot and the journal from disk
 * (the in-memory store is not shared), applies every complete line, writes the result to a
 * temporary file, fsyncs it, renames it over the snapshot, fsyncs the folder and only then removes
 * the journal: a crash at any moment leaves either the old snapshot plus the journal, or the new
 * snapshot (replaying the journal over it again is harmless, every line being whole-record
 * puts/deletes). A corrupt complete line stops the fold with the journal left in place, so
 * nothing after it is ever dropped; the next start refuses that line with a clear message.
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
lines.pop() // the piece after the last newline: empty, or a torn append that was never acknowledged
lines.forEach((line, i) => {
  let entry
  try { entry = JSON.parse(line) } catch (error) {
    throw new Error('line ' + (i + 1) + ' of ' + journalPath + ' is not valid JSON (' + error.message + ')')
  }
  if (!entry || !Array.isArray(entry.ops)) throw new Error('line ' + (i + 1) + ' of ' + journalPath + ' is not a journal entry')
  for (const op of entry.ops) {
    const map = mapOf(op.c)
    if (op.put) map.set(keyOf(op.c, op.put), op.put)
    else map.delete(op.del)
  }
})
for (const [name, map] of Object.entries(maps)) db[name] = [...map.values()]
const folder = path.dirname(snapshotPath)
const syncFolder = () => {
  let fd
  try { fd = fs.openSync(folder, 'r'); fs.fsyncSync(fd) } catch {} finally { if (fd !== undefined) fs.closeSync(fd) }
}
const tmp = path.join(folder, '.' + path.basename(snapshotPath) + '.fold.tmp')
const fd = fs.openSync(tmp, 'w', 0o600)
try {
  fs.writeSync(fd, JSON.stringify(db))
  fs.fsyncSync(fd)
} finally {
  fs.closeSync(fd)
}
fs.renameSync(tmp, snapshotPath)
syncFolder()
fs.unlinkSync(journalPath)
syncFolder()
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
