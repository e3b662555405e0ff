import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    globalSetup: ['test/temp-folder.ts'],
    include: ['test/stress/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
