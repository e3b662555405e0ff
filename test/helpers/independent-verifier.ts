// A second, independent reading of DESIGN.md "Mystery box fairness — exact algorithm", for end-to-end
// tests of paid orders. It deliberately does NOT import src/fairness: if that module and this file
// disagree, one of them misreads the design. Only node:crypto; BigInt arithmetic instead of parseInt.
import { createHash, createHmac } from 'node:crypto'

const hex64 = /^[0-9a-f]{64}$/

function sha256Hex(text: string): string {
  return createHash('sha256').update(Buffer.from(text, 'ascii')).digest('hex')
}

function hmacHex(key: string, message: string): string {
  return createHmac('sha256', Buffer.from(key, 'ascii')).update(Buffer.from(message, 'ascii')).digest('hex')
}

/** parseInt(hash.slice(0, 13), 16) % modulus, done in BigInt. */
function first13Mod(hash: string, modulus: number): number {
  return Number(BigInt(`0x${hash.slice(0, 13)}`) % BigInt(modulus))
}

function isInStock(stock: unknown): boolean {
  return stock === null || (typeof stock === 'number' && stock > 0)
}

/**
 * Verifies one mystery-box open (a record from an order line / `GET /orders/:id`) from its revealed
 * values alone and returns one message per failed step; an empty list means verified.
 * `expectedCommitment`, when given, is the commitment the product page showed before purchase.
 * The delivered code itself cannot be checked (the pool is not revealed); its index is.
 */
export function independentlyVerifyOpen(open: any, expectedCommitment?: string): string[] {
  const failures: string[] = []
  if (open === null || typeof open !== 'object') return ['open is not an object']

  const { serverSeed, clientSeed, nonce, index, commitment, proofHash, rollIndex, totalWeight, odds, outcome } = open

  // Step 1: the seed is 64 lowercase hex and hashes to the commitment.
  if (typeof serverSeed !== 'string') {
    failures.push('serverSeed is not revealed (order unpaid?)')
  } else {
    if (!hex64.test(serverSeed)) failures.push(`serverSeed is not 64 lowercase hex characters: ${serverSeed}`)
    const digest = sha256Hex(serverSeed)
    if (digest !== commitment)
      failures.push(`sha256(serverSeed) = ${digest} but the open's commitment is ${commitment}`)
    if (expectedCommitment !== undefined && digest !== expectedCommitment) {
      failures.push(`sha256(serverSeed) = ${digest} but the commitment shown before purchase was ${expectedCommitment}`)
    }
  }

  // Step 3: client seed of 1–64 printable characters.
  if (typeof clientSeed !== 'string' || !/^[ -~]{1,64}$/.test(clientSeed)) {
    failures.push(`clientSeed is not 1-64 printable ASCII characters: ${JSON.stringify(clientSeed)}`)
  }

  // Step 4: nonce = quantity index; proofHash = HMAC-SHA256(serverSeed, clientSeed:nonce).
  if (!Number.isInteger(nonce) || nonce < 0) failures.push(`nonce is not a non-negative integer: ${nonce}`)
  if (index !== undefined && nonce !== index) failures.push(`nonce ${nonce} differs from the quantity index ${index}`)
  if (typeof serverSeed === 'string' && typeof clientSeed === 'string') {
    const mac = hmacHex(serverSeed, `${clientSeed}:${nonce}`)
    if (mac !== proofHash)
      failures.push(`HMAC-SHA256(serverSeed, "${clientSeed}:${nonce}") = ${mac} but proofHash is ${proofHash}`)
  }

  // Step 5: totalWeight = sum of in-stock weights of the snapshot; rollIndex from the proof.
  if (!Array.isArray(odds) || odds.length === 0) {
    failures.push('odds snapshot missing')
    return failures
  }
  let sum = 0
  for (const row of odds) {
    if (!Number.isInteger(row?.weight) || row.weight <= 0)
      failures.push(`odds row ${row?.name}: weight is not a positive integer`)
    else if (isInStock(row.stock)) sum += row.weight
  }
  if (sum !== totalWeight)
    failures.push(`in-stock weights of the snapshot sum to ${sum} but totalWeight is ${totalWeight}`)
  if (typeof proofHash !== 'string' || !/^[0-9a-f]{64}$/.test(proofHash)) {
    failures.push(`proofHash is not 64 hex characters: ${proofHash}`)
  } else if (sum > 0) {
    const expectedRoll = first13Mod(proofHash, sum)
    if (expectedRoll !== rollIndex)
      failures.push(`first 13 hex of proofHash mod ${sum} = ${expectedRoll} but rollIndex is ${rollIndex}`)
  }

  // Step 6: first in-stock row, in table order, whose cumulative weight exceeds rollIndex.
  let cumulative = 0
  let winner: string | undefined
  for (const row of odds) {
    if (!isInStock(row.stock)) continue
    cumulative += row.weight
    if (cumulative > rollIndex) {
      winner = row.name
      break
    }
  }
  if (winner === undefined) failures.push(`rollIndex ${rollIndex} falls outside the in-stock weights (${cumulative})`)
  else if (winner !== outcome)
    failures.push(`rollIndex ${rollIndex} selects "${winner}" but the outcome is "${outcome}"`)

  // Step 7: second pass, when a code was drawn.
  const { codeProof, codeIndex, codePoolSize } = open
  if (codeProof !== undefined || codeIndex !== undefined || codePoolSize !== undefined) {
    if (typeof serverSeed === 'string' && typeof clientSeed === 'string') {
      const mac = hmacHex(serverSeed, `${clientSeed}:${nonce}:code`)
      if (mac !== codeProof)
        failures.push(`HMAC-SHA256(serverSeed, "${clientSeed}:${nonce}:code") = ${mac} but codeProof is ${codeProof}`)
    }
    if (!Number.isInteger(codePoolSize) || codePoolSize < 1) {
      failures.push(`codePoolSize is not a positive integer: ${codePoolSize}`)
    } else if (typeof codeProof !== 'string' || !/^[0-9a-f]{64}$/.test(codeProof)) {
      failures.push(`codeProof is not 64 hex characters: ${codeProof}`)
    } else {
      const expectedIndex = first13Mod(codeProof, codePoolSize)
      if (expectedIndex !== codeIndex)
        failures.push(`first 13 hex of codeProof mod ${codePoolSize} = ${expectedIndex} but codeIndex is ${codeIndex}`)
    }
  }

  return failures
}
