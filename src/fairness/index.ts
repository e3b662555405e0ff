// Mystery-box fairness: DESIGN.md "Mystery box fairness — exact algorithm" as pure functions of
// seeds, nonce and table (no I/O, no randomness of its own, no Node built-ins), shared by the
// emulator, `store mystery verify` and the invoice page's verifier in the browser.
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
export { inStock, totalWeightOf, oddsOf, pickOutcome, openBox, openAt } from './roll.js'
export type { OpenBoxInput, OpenBoxResult, OpenAtInput } from './roll.js'
export type { MysteryOutcome, OddsEntry, MysteryOpen } from '../contract/mystery.js'
export { verifyOpen } from './verify.js'
export type { Check } from './verify.js'
export { verifyLine } from './line.js'
export type { LineCheck, MysteryLine, OpenReport } from './line.js'
export { collectLines } from './collect-lines.js'
export { verifyStated } from './stated.js'
export type { StatedOpen } from './stated.js'
