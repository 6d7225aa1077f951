import { update, type UseStore } from 'idb-keyval'
import { storefrontStore } from './idb'

/** The device's own id and the number its next change gets (server/http/device-mutations.ts). */
export interface MutationNumber {
  id: string
  seq: number
}

const DEVICE_KEY = 'device'

/**
 * Numbers the device's next change: the device's random id (made on its first change) and one more than
 * the last number. One IndexedDB transaction reads and writes it, so the windows and the service worker
 * never hand out a number twice; the outbox asks only under its lock, so numbers go out in order.
 */
export async function nextMutationNumber(store: UseStore = storefrontStore('atoms')): Promise<MutationNumber> {
  let next: MutationNumber = { id: '', seq: 0 }
  await update<MutationNumber>(
    DEVICE_KEY,
    (last) => (next = { id: last?.id ?? crypto.randomUUID(), seq: (last?.seq ?? 0) + 1 }),
    store,
  )
  return next
}
