import { createHash } from 'node:crypto'

/**
 * A number in [0, 1) that depends only on its parts: the same seed and counter give the same draw
 * on every run and every machine. The randomness of `--fail-seed` and of webhook delivery chaos,
 * where a run must be repeatable, rather than the emulator's injected `Random`.
 */
export function seededDraw(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join(':')).digest().readUIntBE(0, 6) / 2 ** 48
}
