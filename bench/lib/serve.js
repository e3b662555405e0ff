// A `store serve` child for the bench cases that need their own server (clock, event streams):
// spawned on a db file, its origin read from the banner, its memory read from /proc.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BENCH_KEY, ROOT } from './common.js'

/** VmHWM (peak) and VmRSS of a process in MB, from /proc; undefined where /proc is missing. */
export function memoryMb(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8')
    const mb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) / 1024
    return { peak: mb('VmHWM'), rss: mb('VmRSS') }
  } catch {
    return undefined
  }
}

/**
 * Starts `store serve --db <db>` with extra flags; resolves once it prints its API origin. With
 * `pin` (servers.js pinCores) the server runs on `pin.server`: the server's core, or any cores in
 * taskset's list form ("0-1"). `nodeFlags` go to node before the script, `env` to its environment.
 */
export async function startServe(db, flags = [], pin = undefined, { nodeFlags = [], env = {} } = {}) {
  const args = [
    ...nodeFlags,
    join(ROOT, 'bin/store.js'),
    'serve',
    '--db',
    db,
    '--port',
    '0',
    '--api-key',
    BENCH_KEY,
    '--quiet',
    ...flags,
  ]
  const command = pin?.pinned
    ? ['taskset', '-c', String(pin.server), process.execPath, ...args]
    : [process.execPath, ...args]
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...env },
  })
  let output = ''
  const origin = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`store serve did not print its banner within 180 s:\n${output}`)),
      180_000,
    )
    const read = (chunk) => {
      output = (output + chunk).slice(-8_000)
      const match = /API\s+(https?:\/\/\S+)\/api\/v1/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout.setEncoding('utf8').on('data', read)
    child.stderr.setEncoding('utf8').on('data', read)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`store serve exited (${signal ?? code}) before its banner:\n${output}`))
    })
  })
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000)
    await exited
    clearTimeout(killer)
  }
  return { origin, pid: child.pid, stop, output: () => output }
}

/** The next message a forked child sends; rejects when it exits first (`who` names it in the error). */
export function nextMessage(child, who) {
  return new Promise((resolve, reject) => {
    child.once('message', resolve)
    child.once('exit', (code) => reject(new Error(`${who} exited (${code}) before answering`)))
  })
}

/** A request with the bench key; the status and the parsed JSON answer. */
export async function request(origin, method, path, body) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${BENCH_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  let json
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: res.status, json, text }
}
