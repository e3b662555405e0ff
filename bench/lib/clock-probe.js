// A child of the bench that asks for GET /_emulator/clock over and over (the next request 5 ms
// after each answer) until its parent says stop, then answers with the longest wait and how many
// it sent. In a process of its own, a wait is the server's and the request's way, not the bench's
// own garbage collection (the bench holds every case's data by the time it gets here).
import { setTimeout as sleep } from 'node:timers/promises'
import { request } from './serve.js'

const [origin] = process.argv.slice(2)
let isStopped = false
let longestMs = 0
let probes = 0
process.on('message', () => {
  isStopped = true
})
// Warm: the first requests load and compile the HTTP client, which no later wait should show.
for (let i = 0; i < 20; i++) await request(origin, 'GET', '/_emulator/clock')
process.send({ ready: true })
while (!isStopped) {
  const started = performance.now()
  await request(origin, 'GET', '/_emulator/clock')
  longestMs = Math.max(longestMs, performance.now() - started)
  probes++
  await sleep(5)
}
process.send({ longestMs, probes })
process.disconnect()
