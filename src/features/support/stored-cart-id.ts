/*
 * The guest's cart id, read straight from IndexedDB where atoms/cart-id.ts keeps it (database
 * `storefront`, store `atoms`, key `cartId`; names from data/idb.ts and the atom). Importing the atom
 * from this lazily loaded chunk split it out of the first chunks into one of its own, which cost the
 * category page bytes it does not have (README, Support chat). The operator sees the cart beside the
 * conversation; nothing breaks without it.
 */

export function storedCartId(): Promise<string | null> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null)
    const request = indexedDB.open('storefront')
    // never the one to create the store's database: the app does, with its object stores
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onerror = () => resolve(null)
    request.onsuccess = () => {
      const db = request.result
      try {
        const read = db.transaction('atoms', 'readonly').objectStore('atoms').get('cartId')
        read.onsuccess = () => resolve(typeof read.result === 'string' ? read.result : null)
        read.onerror = () => resolve(null)
      } catch {
        resolve(null)
      } finally {
        db.close()
      }
    }
  })
}
