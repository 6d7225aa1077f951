/**
 * When the store offers to install itself: after the shopper has shown interest (a second product
 * looked at, or something put in the cart), never on a first load, never again for a month after a
 * "not now", and never once installed or opened from the home screen.
 */
export interface InstallMemory {
  /** Products looked at (their addresses without the city prefix), the last few. */
  products: string[]
  carted: boolean
  dismissedAt: number | null
  installed: boolean
}

export const INSTALL_MEMORY_KEY = 'storefront:install-prompt'
export const DISMISS_FOR_MS = 30 * 24 * 60 * 60 * 1000
const PRODUCTS_KEPT = 5
const PRODUCT_PATH = /^(?:\/[a-z]+(?:_kk)?)?\/p\/([^/?#]+)/

export const emptyMemory = (): InstallMemory => ({
  products: [],
  carted: false,
  dismissedAt: null,
  installed: false,
})

export function readMemory(storage: Pick<Storage, 'getItem'> | undefined): InstallMemory {
  try {
    const raw = storage?.getItem(INSTALL_MEMORY_KEY)
    if (!raw) return emptyMemory()
    const parsed = JSON.parse(raw) as Partial<InstallMemory>
    return {
      products: Array.isArray(parsed.products) ? parsed.products.filter((p) => typeof p === 'string') : [],
      carted: parsed.carted === true,
      dismissedAt: typeof parsed.dismissedAt === 'number' ? parsed.dismissedAt : null,
      installed: parsed.installed === true,
    }
  } catch {
    return emptyMemory()
  }
}

export function writeMemory(storage: Pick<Storage, 'setItem'> | undefined, memory: InstallMemory): void {
  try {
    storage?.setItem(INSTALL_MEMORY_KEY, JSON.stringify(memory))
  } catch {
    // Private mode or a full disk: the offer may come again, nothing worse.
  }
}

/** A page was shown: a product page counts once per product. */
export function afterPage(memory: InstallMemory, pathname: string): InstallMemory {
  const product = PRODUCT_PATH.exec(pathname)?.[1]
  if (!product || memory.products.includes(product)) return memory
  return { ...memory, products: [...memory.products, product].slice(-PRODUCTS_KEPT) }
}

export function afterCartAdd(memory: InstallMemory): InstallMemory {
  return memory.carted ? memory : { ...memory, carted: true }
}

export function isEngaged(memory: InstallMemory): boolean {
  return memory.carted || memory.products.length >= 2
}

export function shouldOffer(memory: InstallMemory, now: number): boolean {
  if (memory.installed) return false
  if (memory.dismissedAt !== null && now - memory.dismissedAt < DISMISS_FOR_MS) return false
  return isEngaged(memory)
}

/**
 * Safari on an iPhone or iPad has no install prompt: the shopper adds the store from the Share menu, so
 * it gets instructions instead. iPadOS reports itself as a Mac with a touch screen. Chrome, Firefox and
 * others on iOS say so in their user agent (CriOS, FxiOS, EdgiOS) and cannot add to the home screen
 * before iOS 16.4, so only Safari is told.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|YaBrowser/.test(userAgent)
}
