import { defineConfig } from 'vitest/config'
import { scaled } from './test/helpers/time-scale.js'

export default defineConfig({
  test: {
    globalSetup: ['test/temp-folder.ts'],
    include: ['test/**/*.test.ts'],
    exclude: ['test/stress/**', 'node_modules/**'],
    testTimeout: scaled(20_000),
    hookTimeout: scaled(20_000),
  },
})
