// Fulfilment by product type (spec, "What the service does" 5–6; STYLE.md: a new type is one
// entry here, and the compiler names a missing one).
import type { ProductType } from '../../../contract/products.js'
import { digital } from './digital.js'
import { dynamic } from './dynamic.js'
import { infoCard } from './info-card.js'
import { mysteryBox } from './mystery-box.js'
import { physical } from './physical.js'
import { serial } from './serial.js'
import { service } from './manual-service.js'
import { subscription } from './subscription.js'
import type { Fulfil } from './fulfil.js'

export const fulfilments: Record<ProductType, Fulfil> = {
  Service: service,
  Digital: digital,
  Physical: physical,
  Serial: serial,
  Subscription: subscription,
  InfoCard: infoCard,
  Dynamic: dynamic,
  MysteryBox: mysteryBox,
}

export type { Fulfil } from './fulfil.js'
