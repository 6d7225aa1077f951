import { promisifyRequest, type UseStore } from 'idb-keyval'

export const STOREFRONT_DB = 'storefront'
/** Every object store of the database. Adding one needs a DB_VERSION bump so existing browsers upgrade. */
export const STOREFRONT_STORES = ['query-cache', 'outbox', 'atoms'] as const
export type StorefrontStore = (typeof STOREFRONT_STORES)[number]
const DB_VERSION = 1

let database: Promise<IDBDatabase> | undefined

function openDatabase(): Promise<IDBDatabase> {
  if (database) return database
  const request = indexedDB.open(STOREFRONT_DB, DB_VERSION)
  request.onupgradeneeded = () => {
    for (const name of STOREFRONT_STORES) {
      if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name)
    }
  }
  const opened = promisifyRequest(request)
  database = opened
  opened.then(
    (db) => {
      // Another tab running a newer build must be able to upgrade; it reopens here on next use.
      db.onversionchange = () => {
        db.close()
        database = undefined
      }
      db.onclose = () => {
        database = undefined
      }
    },
    () => {
      database = undefined
    },
  )
  return opened
}

/**
 * An idb-keyval store inside the one `storefront` database. idb-keyval's own createStore makes one
 * database per store, since it can only create a store while opening a new database.
 */
export function storefrontStore(name: StorefrontStore): UseStore {
  return (mode, callback) => openDatabase().then((db) => callback(db.transaction(name, mode).objectStore(name)))
}

/**
 * Writes one value and commits at once. Chromium drops a write that is still uncommitted when the page is
 * left (one begun in `pagehide`, a shopper's last change): without `commit()` none of them arrived on the
 * next page in a Playwright check; with it, each did.
 */
export function setCommitted(key: IDBValidKey, value: unknown, store: UseStore): Promise<void> {
  return store('readwrite', (objects) => {
    objects.put(value, key)
    objects.transaction.commit()
    return promisifyRequest(objects.transaction)
  })
}
