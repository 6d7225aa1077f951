import { createStore, get, set, type UseStore } from 'idb-keyval'
import { atomWithStorage, RESET } from 'jotai/utils'
import { createStore as createJotaiStore } from 'jotai/vanilla'
import { beforeEach, describe, expect, it } from 'vitest'
import { idbStorage } from './storage'
import { isStringOrNull } from './stored-value'

let count = 0
let store: UseStore

beforeEach(() => {
  store = createStore(`atoms-test-${++count}`, 'atoms')
})

describe('idbStorage', () => {
  it('round-trips a value through IndexedDB into a new jotai store (a reload)', async () => {
    // jotai reads the storage when the atom is created, i.e. when its module loads on a page.
    const loadPage = () => {
      const storage = idbStorage<{ sku: string; categories: string[] }[]>({ store })
      return {
        compared: atomWithStorage('comparison', [], storage, { getOnInit: true }),
        store: createJotaiStore(),
      }
    }
    const page = loadPage()
    await page.store.get(page.compared)

    await page.store.set(page.compared, [{ sku: 'A1', categories: ['tv', 'electronics'] }])
    const reloaded = loadPage()

    expect(await reloaded.store.get(reloaded.compared)).toEqual([
      { sku: 'A1', categories: ['tv', 'electronics'] },
    ])
    expect(await get('comparison', store)).toEqual([{ sku: 'A1', categories: ['tv', 'electronics'] }])
  })

  it('reads the initial value when nothing is stored, and forgets the value on reset', async () => {
    const cartId = atomWithStorage<string | null>('cartId', null, idbStorage({ store }), { getOnInit: true })
    const page = createJotaiStore()
    expect(await page.get(cartId)).toBeNull()

    await page.set(cartId, 'cart-1')
    expect(await get('cartId', store)).toBe('cart-1')
    await page.set(cartId, RESET)

    expect(await get('cartId', store)).toBeUndefined()
    expect(await createJotaiStore().get(cartId)).toBeNull()
  })

  it('reads a stored value that no longer fits the guard as the initial value', async () => {
    await set('cartId', { legacy: true }, store)
    const cartId = atomWithStorage<string | null>(
      'cartId',
      null,
      idbStorage({ store, accepts: isStringOrNull }),
      { getOnInit: true },
    )

    expect(await createJotaiStore().get(cartId)).toBeNull()
  })

  it('hands a change made in another tab to the subscribed atom', async () => {
    const storage = idbStorage<string | null>({ store })
    const received: (string | null)[] = []
    const unsubscribe = storage.subscribe?.('cartId', (value) => received.push(value), null)

    const otherTab = idbStorage<string | null>({ store })
    await otherTab.setItem('cartId', 'cart-2')
    await otherTab.setItem('other', 'ignored')
    await otherTab.removeItem('cartId')
    await new Promise((resolve) => setTimeout(resolve, 20))
    unsubscribe?.()

    expect(received).toEqual(['cart-2', null])
  })
})
