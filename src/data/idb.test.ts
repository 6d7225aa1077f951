import { get, set } from 'idb-keyval'
import { describe, expect, it } from 'vitest'
import { STOREFRONT_DB, STOREFRONT_STORES, storefrontStore } from './idb'

describe('storefront database', () => {
  it('holds every store side by side in one database', async () => {
    for (const name of STOREFRONT_STORES) await set('probe', name, storefrontStore(name))

    for (const name of STOREFRONT_STORES) expect(await get('probe', storefrontStore(name))).toBe(name)
    const databases = await indexedDB.databases()
    expect(databases.filter((db) => db.name === STOREFRONT_DB)).toHaveLength(1)
  })
})
