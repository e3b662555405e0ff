// Preloaded into the server by the clock case (`node -r`): the longest event-loop pause over a
// window the bench opens and closes with SIGUSR2. The first signal starts the window; the second
// writes its longest pause, in ms, to the file named by BENCH_LOOP_FILE.
const { writeFileSync } = require('node:fs')
const { monitorEventLoopDelay } = require('node:perf_hooks')

const delay = monitorEventLoopDelay({ resolution: 1 })
let isOpen = false
process.on('SIGUSR2', () => {
  if (!isOpen) {
    delay.reset()
    delay.enable()
    isOpen = true
    return
  }
  delay.disable()
  isOpen = false
  writeFileSync(process.env.BENCH_LOOP_FILE, `${delay.max / 1e6}\n`)
})
