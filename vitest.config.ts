import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    globalSetup: ['test/temp-folder.ts'],
    include: ['test/**/*.test.ts'],
    exclude: ['test/stress/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
