import type { Emulator } from '../context.js'
import { hashKey, isLongEnoughToHint } from '../middleware/auth.js'
import type { KeyRecord, ShopRecord } from './records.js'

export function buildShop(emu: Emulator, accountId: string, name: string, slug: string): ShopRecord {
  return { id: emu.newId('shop'), accountId, name, slug, createdAt: emu.nowIso(), orderSeq: 0 }
}

/** The record of a key: its hash, and a hint of it (first 8, last 4 characters) only where that keeps most of it hidden (maskKey). */
export function buildKey(emu: Emulator, accountId: string, secret: string, name: string | null): KeyRecord {
  const hint = isLongEnoughToHint(secret)
  return {
    id: emu.newId('key'),
    accountId,
    hash: hashKey(secret),
    prefix: hint ? secret.slice(0, 8) : '',
    last4: hint ? secret.slice(-4) : '',
    name,
    createdAt: emu.nowIso(),
  }
}
