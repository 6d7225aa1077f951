import { get } from 'idb-keyval'
import { createStore } from 'jotai/vanilla'
import { describe, expect, it, vi } from 'vitest'
import { storefrontStore } from '../data/idb'

// jotai reads the storage when an atom is created, so a reload is a fresh import of the modules.
async function loadPage() {
  vi.resetModules()
  return {
    store: createStore(),
    ...(await import('./cart-id')),
    ...(await import('./guest-wishlist-id')),
    ...(await import('./comparison')),
    ...(await import('./session')),
  }
}

describe('persisted cross-feature atoms', () => {
  it('keep the cart id, guest wishlist id and comparison across a reload; the session does not persist', async () => {
    const page = await loadPage()
    await page.store.get(page.cartIdAtom)
    await page.store.get(page.comparisonAtom)

    await page.store.set(page.cartIdAtom, 'cart-9')
    await page.store.set(page.guestWishlistIdAtom, 'wish-3')
    await page.store.set(page.comparisonAtom, [{ sku: 'A1', uri: 'a1', categories: ['phones'] }])
    page.store.set(page.sessionAtom, { signedIn: true, userKind: 'full', userType: 'individual' })

    expect(await get('cartId', storefrontStore('atoms'))).toBe('cart-9')
    const reloaded = await loadPage()
    expect(await reloaded.store.get(reloaded.cartIdAtom)).toBe('cart-9')
    expect(await reloaded.store.get(reloaded.guestWishlistIdAtom)).toBe('wish-3')
    expect(await reloaded.store.get(reloaded.comparisonAtom)).toEqual([
      { sku: 'A1', uri: 'a1', categories: ['phones'] },
    ])
    expect(reloaded.store.get(reloaded.sessionAtom)).toEqual({ signedIn: false })
  })
})
