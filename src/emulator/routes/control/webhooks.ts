import { Hono } from 'hono'
import { CreateWebhookBodySchema, DeliveryLogQuerySchema, SimulateWebhookBodySchema } from '../../../spec/webhooks.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { present } from '../../present.js'
import type { Services } from '../../services/index.js'
import { presentDelivery, summariseDelivery } from '../../services/webhooks.js'

/**
 * Webhook endpoints, the delivery log, resend and the simulator (DESIGN.md, "Emulator control
 * API"; spec, "Delivery rules" 3 and 4). Everything is per shop (X-Service-Shop).
 */
export const webhookRoutes = ({ webhooks }: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => c.json({ webhooks: webhooks.list(c.var.shop).map(present) }))
    .post('/', async (c) => {
      const body = await readBody(c, CreateWebhookBodySchema)
      return c.json(present(await webhooks.create(c.var.shop, body)), 201)
    })
    .get('/logs', (c) => {
      const query = parseQuery(c, DeliveryLogQuerySchema)
      return c.json({ deliveries: webhooks.logs(c.var.shop, query).map(summariseDelivery) })
    })
    .get('/logs/:id', (c) => c.json(presentDelivery(webhooks.delivery(c.var.shop, c.req.param('id')))))
    .post('/logs/:id/resend', async (c) =>
      c.json(presentDelivery(await webhooks.resend(c.var.shop, c.req.param('id'))), 201),
    )
    .get('/:id', (c) => c.json(present(webhooks.get(c.var.shop, c.req.param('id')))))
    .delete('/:id', async (c) => {
      await webhooks.delete(c.var.shop, c.req.param('id'))
      return c.json({ success: true as const })
    })
    .post('/:id/simulate', async (c) => {
      const webhook = webhooks.get(c.var.shop, c.req.param('id'))
      const { event } = await readBody(c, SimulateWebhookBodySchema)
      return c.json(presentDelivery(await webhooks.simulate(c.var.shop, webhook, event)), 201)
    })
