import { del, get, type UseStore } from 'idb-keyval'
import { setCommitted, storefrontStore } from '../data/idb'
import type { Guard } from './stored-value'

const CHANNEL = 'storefront-atoms'

/** jotai's AsyncStorage, which `jotai/utils` does not export by name. */
export interface AtomStorage<T> {
  getItem: (key: string, initialValue: T) => Promise<T>
  setItem: (key: string, value: T) => Promise<void>
  removeItem: (key: string) => Promise<void>
  subscribe?: (key: string, callback: (value: T) => void, initialValue: T) => (() => void) | undefined
}

interface Change {
  key: string
  value: unknown
  removed: boolean
}

let sender: BroadcastChannel | null | undefined
function announce(change: Change): void {
  if (sender === undefined)
    sender = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL)
  sender?.postMessage(change)
}

export interface IdbStorageOptions<T> {
  /** Stored data outlives the code that wrote it: a value that no longer fits reads as the initial value. */
  accepts?: Guard<T>
  store?: UseStore
}

/**
 * jotai storage over IndexedDB. Values are stored as they are (structured clone, no JSON), and a change
 * in one tab reaches the same atom in the others through a BroadcastChannel.
 */
export function idbStorage<T>({
  accepts,
  store = storefrontStore('atoms'),
}: IdbStorageOptions<T> = {}): AtomStorage<T> {
  const accept = (value: unknown, initialValue: T): T => {
    if (value === undefined) return initialValue
    if (!accepts) return value as T
    return accepts(value) ? value : initialValue
  }
  return {
    // A page rendered on the server has no IndexedDB: it shows the initial values, as a first visit does.
    getItem: async (key, initialValue) =>
      typeof indexedDB === 'undefined' ? initialValue : accept(await get<unknown>(key, store), initialValue),
    setItem: async (key, value) => {
      await setCommitted(key, value, store)
      announce({ key, value, removed: false })
    },
    removeItem: async (key) => {
      await del(key, store)
      announce({ key, value: undefined, removed: true })
    },
    subscribe: (key, callback, initialValue) => {
      if (typeof BroadcastChannel === 'undefined') return undefined
      const channel = new BroadcastChannel(CHANNEL)
      channel.onmessage = (event: MessageEvent<Change>) => {
        if (event.data.key !== key) return
        callback(event.data.removed ? initialValue : accept(event.data.value, initialValue))
      }
      return () => channel.close()
    },
  }
}
