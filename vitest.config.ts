import { defineConfig } from 'vitest/config'
import { scaled } from './test/helpers/time-scale.js'

// Files that assert how long the emulator may take run one at a time after the rest, so another
// file's servers never share the machine with them. Every other file runs beside others: most of a
// test's time is spent waiting on servers and child processes, not on the processor.
const TIMED = [
  'test/reliability/whole-account-operations.test.ts',
  'test/reliability/fault-patterns.test.ts',
  'test/reliability/webhook-endpoint-cap.test.ts',
  'test/reliability/receivers.test.ts',
  'test/reliability/webhook-commands-bounded.test.ts',
  'test/emulator/store/sorted-index.test.ts',
]

export default defineConfig({
  test: {
    globalSetup: ['test/temp-folder.ts'],
    // Three files share the machine: a test that starts several servers takes up to twice as long as alone.
    testTimeout: scaled(30_000),
    hookTimeout: scaled(30_000),
    projects: [
      {
        extends: true,
        test: {
          name: 'parallel',
          include: ['test/**/*.test.ts'],
          exclude: ['test/stress/**', 'node_modules/**', ...TIMED],
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: TIMED,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
