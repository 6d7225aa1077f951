import { CACHE_SAVED, OFFLINE_SAVE_MESSAGE, type OfflineSaveMessage } from '../../data/offline-caches'
import {
  imageUrls,
  lastListingPage,
  listingPages,
  productLinks,
  productsThatFit,
  saveBudget,
} from './save-plan'

export interface SaveProgress {
  state: 'saving' | 'done' | 'cancelled' | 'failed'
  /** Products saved so far, and how many the budget lets this category have. */
  products: number
  total: number
  bytes: number
  budget: number
}

export interface SaveDeps {
  fetch: typeof fetch
  caches: CacheStorage
  /** Loads what the app's route needs for an address (its API reads), as a hovered link does. */
  preload: (href: string) => Promise<unknown>
  /** Tells the service worker to copy this page's public reads into the saved cache, or to stop. */
  tellWorker: (message: OfflineSaveMessage) => void
  storageEstimate: () => Promise<{ quota?: number; usage?: number } | undefined>
}

const IMAGES_AT_ONCE = 4

/**
 * Saves a category for offline reading in the city and language of its address: the listing's pages
 * (up to five) and, within the budget, each product's page, the reads its route makes and its pictures.
 * The HTML and pictures go into the saved cache, which the service worker answers from when the network
 * fails; the product pages' API reads are copied there by the worker. Stops when `signal` aborts.
 */
export async function saveCategory(
  href: string,
  deps: SaveDeps,
  signal: AbortSignal,
  onProgress: (progress: SaveProgress) => void,
): Promise<SaveProgress> {
  const budget = saveBudget(await deps.storageEstimate().catch(() => undefined))
  const progress: SaveProgress = { state: 'saving', products: 0, total: 0, bytes: 0, budget }
  const report = () => onProgress({ ...progress })
  const saved = await deps.caches.open(CACHE_SAVED)
  const seenImages = new Set<string>()

  /** Fetches an address and keeps the answer; returns its text for pages. */
  const keep = async (url: string, asText: boolean): Promise<string | null> => {
    const response = await deps.fetch(url, { signal, credentials: 'same-origin' })
    if (!response.ok) return null
    const body = await response.clone().arrayBuffer()
    progress.bytes += body.byteLength
    await saved.put(url, response)
    return asText ? new TextDecoder().decode(body) : null
  }
  const keepImages = async (html: string) => {
    const fresh = imageUrls(html).filter((url) => !seenImages.has(url))
    fresh.forEach((url) => seenImages.add(url))
    for (let i = 0; i < fresh.length; i += IMAGES_AT_ONCE) {
      if (signal.aborted) return
      await Promise.all(fresh.slice(i, i + IMAGES_AT_ONCE).map((url) => keep(url, false).catch(() => null)))
    }
  }

  deps.tellWorker({ type: OFFLINE_SAVE_MESSAGE, on: true })
  try {
    const first = await keep(href, true)
    if (first === null) throw new Error(`the listing ${href} did not load`)
    await deps.preload(href).catch(() => undefined)
    let products = productLinks(first)
    for (const page of listingPages(href, lastListingPage(first)).slice(1)) {
      if (signal.aborted) break
      const html = await keep(page, true)
      if (html) products = [...new Set([...products, ...productLinks(html)])]
    }
    await keepImages(first)
    const listingBytes = progress.bytes
    progress.total = Math.min(products.length, productsThatFit(budget - listingBytes, 0, 0))
    report()

    for (const product of products) {
      if (signal.aborted || progress.products >= progress.total) break
      const html = await keep(product, true).catch(() => null)
      if (html === null) continue
      await deps.preload(product).catch(() => undefined)
      await keepImages(html)
      progress.products += 1
      // The budget by what products have really taken so far, never fewer than are already saved.
      const fit = productsThatFit(budget - progress.bytes, progress.bytes - listingBytes, progress.products)
      progress.total = Math.min(products.length, progress.products + fit)
      report()
    }
    progress.state = signal.aborted ? 'cancelled' : 'done'
  } catch (error) {
    progress.state = signal.aborted ? 'cancelled' : 'failed'
    if (!signal.aborted) console.warn('save for offline failed', error)
  } finally {
    deps.tellWorker({ type: OFFLINE_SAVE_MESSAGE, on: false })
  }
  report()
  return progress
}

export interface SavedCategory {
  href: string
  savedAt: number
  products: number
  bytes: number
}

export const SAVED_CATEGORIES_KEY = 'storefront:saved-categories'

export function readSavedCategories(storage: Pick<Storage, 'getItem'> | undefined): SavedCategory[] {
  try {
    const list = JSON.parse(storage?.getItem(SAVED_CATEGORIES_KEY) ?? '[]') as unknown
    return Array.isArray(list) ? (list as SavedCategory[]).filter((c) => typeof c?.href === 'string') : []
  } catch {
    return []
  }
}

export function rememberSavedCategory(storage: Storage | undefined, entry: SavedCategory): void {
  try {
    const others = readSavedCategories(storage).filter((c) => c.href !== entry.href)
    storage?.setItem(SAVED_CATEGORIES_KEY, JSON.stringify([entry, ...others].slice(0, 20)))
  } catch {
    // Without storage the category is still saved; only the note of when is lost.
  }
}
