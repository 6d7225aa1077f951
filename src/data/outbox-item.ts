import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { ApiError, ApiErrorData } from './api-error'
import type { Query } from './http'

/** The Background Sync tag the pages register and the service worker's `sync` handler answers. */
export const OUTBOX_SYNC_TAG = 'outbox'

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** What is stored. A `done` item is deleted, so it never appears here. */
export type OutboxStatus = 'pending' | 'sending' | 'failed'

export interface OutboxItem {
  id: string
  /** What the change is, for the UI and for filtering, e.g. 'cart.add' or 'wishlist.remove'. */
  kind: string
  method: OutboxMethod
  path: string
  body?: unknown
  query?: Query
  /** A newer pending change with the same key replaces this one (e.g. the latest quantity of a line wins). */
  dedupeKey?: string
  /** Query keys to invalidate once the change settles; stored, so a reload still refreshes them. */
  invalidate?: QueryKey[]
  /** Kept across automatic retries, so the server applies the change once however often it arrives. */
  idempotencyKey: string
  status: OutboxStatus
  createdAt: number
  /** Breaks ties between items created in the same millisecond. */
  seq: number
  attempts: number
  /** Epoch ms before which an automatic replay leaves the item alone. */
  nextAttemptAt: number
  /** The last failure: the permanent one for `failed`, the latest transient one for `pending`. */
  error?: ApiErrorData
  /**
   * The device's number for the change (`X-Device-Id`, `X-Mutation-Seq`), given when it is first sent,
   * under the outbox's lock, and kept across retries: the server applies each number once, in order.
   */
  device?: { id: string; seq: number }
  /** Headers of the moment the change was made (the shopper's language), sent with it however late. */
  headers?: Record<string, string>
  /** What the page knew when the change was made (the prices it showed), for telling what changed since. */
  seen?: unknown
}

export interface EnqueueInput {
  kind: string
  method: OutboxMethod
  path: string
  body?: unknown
  query?: Query
  dedupeKey?: string
  invalidate?: QueryKey[]
  seen?: unknown
}

/** In-memory companions of an item: functions cannot be stored, so they are lost on reload. */
export interface OptimisticHooks {
  queryClient: QueryClient
  apply?: (queryClient: QueryClient) => void
  rollback?: (queryClient: QueryClient) => void
  onSuccess?: (result: unknown, queryClient: QueryClient) => void
}

export type OutboxOutcome =
  | { status: 'done'; result: unknown }
  | { status: 'failed'; error: ApiError }
  | { status: 'discarded' }

/** Every state an item passes through, as subscribers see it. */
export type OutboxItemState = OutboxStatus | 'done' | 'discarded' | 'superseded'

export type OutboxEvent =
  | { type: 'item'; item: OutboxItem; state: OutboxItemState; result?: unknown }
  | { type: 'loaded' }

export interface Enqueued {
  id: string
  /** Settles when the change is done, failed for good, or discarded; never rejects. */
  outcome: Promise<OutboxOutcome>
  /** Settles once the item is in IndexedDB. */
  persisted: Promise<void>
}

export function compareItems(a: OutboxItem, b: OutboxItem): number {
  return a.createdAt - b.createdAt || a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}
