import { defineConfig } from 'vitest/config'
import { scaled } from './test/helpers/time-scale.js'

// The long runs that bound no time go two at a time; the files that bound how long the emulator may
// take then run alone, as in vitest.config.ts.
const TIMED = ['test/stress/fuzz.test.ts', 'test/stress/receivers.test.ts']

export default defineConfig({
  test: {
    globalSetup: ['test/temp-folder.ts'],
    testTimeout: scaled(120_000),
    hookTimeout: scaled(60_000),
    projects: [
      {
        extends: true,
        test: {
          name: 'stress',
          include: ['test/stress/**/*.test.ts'],
          exclude: TIMED,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'stress-timed', include: TIMED, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
})
