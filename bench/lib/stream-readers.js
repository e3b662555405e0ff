// A child of the bench that holds the event-stream readers: it opens `perKey` streams with each
// key given on the command line, reads them to nothing, tells its parent once all are open and
// answers every message with the bytes read so far. Readers in their own process keep the load
// generator's event loop free: what the figure shows is the server's fan-out, not the bench's.
import http from 'node:http'

const [origin, perKey, ...secrets] = process.argv.slice(2)
let bytes = 0

function openReader(secret) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}/_emulator/events`, { headers: { authorization: `Bearer ${secret}` } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`a reader was answered ${res.statusCode}`))
      res.on('data', (chunk) => {
        bytes += chunk.length
      })
      res.on('error', () => undefined)
      resolve()
    })
    req.on('error', reject)
  })
}

try {
  for (const secret of secrets) for (let i = 0; i < Number(perKey); i++) await openReader(secret)
  process.send({ open: secrets.length * Number(perKey) })
} catch (error) {
  process.send({ error: error.message })
  process.exit(1)
}
process.on('message', () => process.send({ bytes }))
process.on('disconnect', () => process.exit(0))
