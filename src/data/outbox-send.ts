import { HEADERS } from '../../contract/values/common'
import { apiRequest, TIMEOUTS } from './api'
import type { OutboxItem } from './outbox-item'

export { nextMutationNumber } from './device'

/**
 * How a change goes to the server: its request with the idempotency key, the language it was made in and
 * the device's number. Loaded with the first change sent, so the catalogue's pages do not carry it.
 */
export const sendThroughApi = ({ device, ...item }: OutboxItem) =>
  apiRequest<unknown>(item.method, item.path, item.body, {
    query: item.query,
    idempotencyKey: item.idempotencyKey,
    timeoutMs: TIMEOUTS.post,
    headers: device
      ? { ...item.headers, [HEADERS.deviceId]: device.id, [HEADERS.mutationSeq]: String(device.seq) }
      : item.headers,
  })
