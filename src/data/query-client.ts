import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import type { QueryKey } from '@tanstack/react-query'
import { isUserQuery } from './user-queries'
import { QueryClient } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistQueryClientProviderProps,
} from '@tanstack/react-query-persist-client'
import { del, get, type UseStore } from 'idb-keyval'
import { isApiError, isPermanentFailure } from './api-error'
import { setCommitted, storefrontStore } from './idb'

const SECOND = 1000
/** Spec "Stored data": kept 604800 s (7 days). */
export const PERSIST_MAX_AGE_MS = 604_800 * SECOND
export const QUERY_CACHE_KEY = 'query-cache'
const MAX_QUERY_RETRIES = 2

function retryQuery(failureCount: number, error: unknown): boolean {
  // A 4xx or a malformed answer will be the same next time; the network and 5xx may not.
  if (isApiError(error) && isPermanentFailure(error)) return false
  return failureCount < MAX_QUERY_RETRIES
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60 * SECOND,
        // Anything dropped from memory is dropped from IndexedDB too, so keep it as long as it is stored.
        gcTime: PERSIST_MAX_AGE_MS,
        retry: retryQuery,
        // Show cached data and try once even when the browser claims to be offline (it is often wrong).
        networkMode: 'offlineFirst',
      },
      mutations: {
        // Mutations that must survive going offline use the outbox, not TanStack's paused mutations.
        networkMode: 'offlineFirst',
        retry: false,
      },
    },
  })
}

/**
 * The persister packages bring their own (older) query-core, so its Query type is not react-query's:
 * this is the part of a query both agree on.
 */
interface PersistableQuery {
  queryKey: QueryKey
  state: { status: string }
  meta?: Record<string, unknown>
}

/**
 * Successful queries only, and none of the shopper's own data (profile, cards, orders...): a shared
 * device keeps no one's account on disk, and a page reloaded after a sign-in or a card form never
 * shows the answer from before it. A query can also opt out with `meta: { persist: false }`.
 */
export function shouldPersistQuery(query: PersistableQuery): boolean {
  return (
    query.state.status === 'success' &&
    query.meta?.persist !== false &&
    !isUserQuery(query.queryKey, query.meta)
  )
}

type PersistOptions = PersistQueryClientProviderProps['persistOptions']

/** The cache's place on this device; `throttleTime` 0 writes at once. */
function storagePersister(store: UseStore, throttleTime: number) {
  return createAsyncStoragePersister({
    storage: {
      getItem: (key) => get<string>(key, store),
      setItem: (key, value) => setCommitted(key, value, store),
      removeItem: (key) => del(key, store),
    },
    key: QUERY_CACHE_KEY,
    throttleTime,
  })
}

export interface StorePersistOptions extends PersistOptions {
  /** Writes at once: for a page being left, whose throttled write would never come. */
  immediatePersister: PersistOptions['persister']
}

export function createPersistOptions(store: UseStore = storefrontStore('query-cache')): StorePersistOptions {
  return {
    persister: storagePersister(store, SECOND),
    immediatePersister: storagePersister(store, 0),
    maxAge: PERSIST_MAX_AGE_MS,
    buster: __BUILD_ID__,
    dehydrateOptions: {
      shouldDehydrateQuery: shouldPersistQuery,
      shouldDehydrateMutation: () => false,
    },
  }
}

type PersistClient = Parameters<typeof persistQueryClientSubscribe>[0]['queryClient']

/**
 * Brings the cache saved on this device back before the app's first render, then saves it whenever it
 * changes. Restoring first means the first render already holds every page seen before (offline too), and
 * there is no second render of the whole page when a restore ends, which PersistQueryClientProvider does
 * and which held a slow phone's main thread for a quarter of a second. A page rendered on the server puts
 * its own, newer, queries in after this.
 */
export async function restoreQueryCache(
  queryClient: QueryClient,
  { immediatePersister, ...options }: StorePersistOptions = createPersistOptions(),
  { saveNow = false }: { saveNow?: boolean } = {},
): Promise<() => void> {
  // The persister packages pin an older query-core than react-query's: the same object at runtime.
  const persisted = { ...options, queryClient: queryClient as unknown as PersistClient }
  try {
    await persistQueryClientRestore(persisted)
  } catch {
    // An unreadable store (private mode, a full disk) starts the app with an empty cache.
  }
  const unsubscribe = persistQueryClientSubscribe(persisted)
  const saveAtOnce = () =>
    void persistQueryClientSave({ ...persisted, persister: immediatePersister }).catch(() => undefined)
  // The queries already in the cache (a server-rendered page's) are kept now, not at the next change.
  if (saveNow) saveAtOnce()
  // Writes come at most once a second: a change in the last second before the shopper leaves the page
  // (a cart just answered, then a link to another page) would never be written, and the next page
  // opened offline would not have it.
  const onHidden = () => {
    if (document.visibilityState === 'hidden') saveAtOnce()
  }
  window.addEventListener('pagehide', saveAtOnce)
  document.addEventListener('visibilitychange', onHidden)
  return () => {
    unsubscribe()
    window.removeEventListener('pagehide', saveAtOnce)
    document.removeEventListener('visibilitychange', onHidden)
  }
}
