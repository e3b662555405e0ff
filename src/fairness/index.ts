// Mystery-box fairness: DESIGN.md "Mystery box fairness — exact algorithm" as pure functions of
// seeds, nonce and table (no I/O, no randomness of its own), shared by the emulator and `store mystery verify`.
export {
  serverSeedFromBytes,
  clientSeedFromBytes,
  isValidServerSeed,
  isValidClientSeed,
  commitmentOf,
  proofHashOf,
  codeProofOf,
  indexFromHash,
} from './proofs.js'
export { inStock, totalWeightOf, oddsOf, pickOutcome, openBox } from './roll.js'
export type { OpenBoxInput, OpenBoxResult } from './roll.js'
export type { MysteryOutcome, OddsEntry, MysteryOpen } from '../spec/mystery.js'
export { verifyOpen } from './verify.js'
export type { Check } from './verify.js'
