import { publicHandlers } from '../route.js'

/**
 * The ready check, with no key. The app exists once the db is loaded (a request that comes
 * earlier waits for it), so any answer means ready.
 */
export const healthHandlers = publicHandlers({
  getHealth: () => ({ status: 'ok' }),
})
