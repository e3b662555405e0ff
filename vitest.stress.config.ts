import { defineConfig } from 'vitest/config'
import { scaled } from './test/helpers/time-scale.js'

export default defineConfig({
  test: {
    globalSetup: ['test/temp-folder.ts'],
    include: ['test/stress/**/*.test.ts'],
    testTimeout: scaled(120_000),
    hookTimeout: scaled(60_000),
    fileParallelism: false,
  },
})
