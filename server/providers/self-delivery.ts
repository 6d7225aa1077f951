import type { App } from '../http/types'
import type { CallbackDelivery } from './signature'

/**
 * How the built-in providers post their callbacks: into this same server, through its callback route
 * and its signature check, as a real provider's request would arrive. A 5xx counts as undelivered, so
 * the provider tries again.
 */
export function selfDelivery(app: App): CallbackDelivery {
  return async ({ url, body, signature }) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-signature': signature },
      payload: body,
    })
    if (res.statusCode >= 500) throw new Error(`callback answered ${res.statusCode}`)
  }
}
