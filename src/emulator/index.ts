// `<package>/emulator`: the emulator to embed (DESIGN.md, "Also a library"): the app factory that
// answers /api/v1, /_emulator and /storefront, and `startEmulator`, which opens or seeds a store
// and builds the app around it, as `store serve` and the MSW handlers do.
export { createApp } from './app.js'
export { startEmulator } from './start.js'
export type { StartOptions, StartedEmulator } from './start.js'
export type { Services } from './services/index.js'
export { offsetClock } from './deps.js'
export type { Clock, EmulatorDeps, EmulatorOptions, Log, Random, Sleep } from './deps.js'
export { SeedFileSchema, loadSeedFile } from '../contract/seed-file.js'
export type { SeedFile } from '../contract/seed-file.js'
export { createApiDocument, createControlDocument } from '../contract/openapi/document.js'
export type { OpenApiDocument } from '../contract/openapi/document.js'
