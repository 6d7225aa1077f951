import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { del, values, type UseStore } from 'idb-keyval'
import { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_KEYS, isApiError, isPermanentFailure } from './api-error'
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff'
import { setCommitted, storefrontStore } from './idb'
import {
  compareItems,
  OUTBOX_SYNC_TAG,
  type Enqueued,
  type EnqueueInput,
  type OptimisticHooks,
  type OutboxEvent,
  type OutboxItem,
  type OutboxItemState,
  type OutboxOutcome,
} from './outbox-item'
import type { MutationNumber } from './device'
import { getRequestContext } from './request-context'
import { HEADERS } from '../../contract/values/common'

export interface OutboxOptions {
  store?: UseStore
  send?: (item: OutboxItem) => Promise<unknown>
  /** Used to invalidate `item.invalidate` keys for items whose hooks were lost to a reload. */
  queryClient?: QueryClient
  backoff?: BackoffPolicy
  now?: () => number
  isOnline?: () => boolean
  /** Web Locks name shared by every tab; also the BroadcastChannel name that tells tabs to reload. */
  lockName?: string
  /** The device's next change number (IndexedDB by default); asked under the lock when an item is first sent. */
  numberMutation?: () => Promise<MutationNumber>
  /** Tells the windows of every change it writes (the service worker's outbox; a window's does from `start`). */
  announce?: boolean
}

export interface StartOptions {
  queryClient?: QueryClient
}

export interface Outbox {
  enqueue(input: EnqueueInput, hooks?: OptimisticHooks): Enqueued
  /** Sends pending items in creation order, one at a time. `force` ignores backoff (the network is back). */
  replay(options?: { force?: boolean }): Promise<void>
  /** Sends a failed or waiting item again; a failed one gets a fresh idempotency key. */
  retry(id: string): boolean
  /** Drops an item that is not being sent right now and rolls back its optimistic change. */
  discard(id: string): boolean
  subscribe(listener: (event: OutboxEvent) => void): () => void
  getItems(): readonly OutboxItem[]
  /**
   * Loads the stored queue, listens for `online` and for other tabs and the service worker (which replay
   * the same queue), and replays.
   */
  start(options?: StartOptions): () => void
  /** Settles once the stored queue is loaded into memory. */
  ready(): Promise<void>
}

const loadSender = () => import('./outbox-send')

function asApiError(error: unknown): ApiError {
  if (isApiError(error)) return error
  // Not an answer from the server, so nothing says the change is wrong: keep it and try again later.
  return new ApiError(
    { status: 0, code: CLIENT_ERROR_CODES.network, messageKey: CLIENT_ERROR_KEYS.noConnection },
    { cause: error },
  )
}

function requestBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return
  type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
  navigator.serviceWorker.ready
    .then((registration: SyncRegistration) => registration.sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => {
      // Without Background Sync the `online` event and the next start replay the queue.
    })
}

function withLock(name: string, task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).locks
  if (locks) return locks.request(name, task)
  // One tab is all there is to coordinate without Web Locks, and `running` already serialises it.
  return task()
}

export function createOutbox(options: OutboxOptions = {}): Outbox {
  const store = options.store ?? storefrontStore('outbox')
  const send = options.send ?? ((item: OutboxItem) => loadSender().then((m) => m.sendThroughApi(item)))
  const backoff = options.backoff ?? DEFAULT_BACKOFF
  const now = options.now ?? Date.now
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine)
  const lockName = options.lockName ?? 'outbox'
  const numberMutation = options.numberMutation ?? (() => loadSender().then((m) => m.nextMutationNumber()))
  let defaultQueryClient = options.queryClient

  const items = new Map<string, OutboxItem>()
  let snapshot: readonly OutboxItem[] = []
  const listeners = new Set<(event: OutboxEvent) => void>()
  const waiters = new Map<string, ((outcome: OutboxOutcome) => void)[]>()
  const hooks = new Map<string, OptimisticHooks>()
  // Ids known to be in IndexedDB; an item missing from the store is only "done elsewhere" if it was there.
  const stored = new Set<string>()
  // Ids this outbox itself has on the wire: another sender's 'sending' (a tab, the worker) may end unseen.
  const sendingHere = new Set<string>()
  let seq = 0
  let writes: Promise<void> = Promise.resolve()
  let writeCount = 0
  let loaded: Promise<void> | null = null
  let running: Promise<void> | null = null
  let runAgain = false
  let forceNext = false
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let channel: BroadcastChannel | null =
    options.announce && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(lockName) : null

  function emit(event: OutboxEvent): void {
    snapshot = [...items.values()].sort(compareItems)
    for (const listener of [...listeners]) {
      try {
        listener(event)
      } catch (error) {
        // One broken subscriber must not leave the item half settled for everyone else.
        console.error('outbox: subscriber failed', error)
      }
    }
  }

  function emitItem(item: OutboxItem, state: OutboxItemState, result?: unknown): void {
    emit(result === undefined ? { type: 'item', item, state } : { type: 'item', item, state, result })
  }

  function queueWrite(write: () => Promise<void>): Promise<void> {
    writeCount++
    writes = writes
      .then(write)
      .then(() => channel?.postMessage('changed'))
      .catch((error: unknown) => {
        // IndexedDB can be unavailable (private mode, quota); the queue then lives for this page only.
        console.warn('outbox: IndexedDB write failed', error)
      })
    return writes
  }

  function save(item: OutboxItem): Promise<void> {
    return queueWrite(async () => {
      await setCommitted(item.id, item, store)
      stored.add(item.id)
    })
  }

  function remove(id: string): Promise<void> {
    stored.delete(id)
    return queueWrite(() => del(id, store))
  }

  function record(item: OutboxItem): OutboxItem {
    items.set(item.id, item)
    void save(item)
    return item
  }

  function put(item: OutboxItem, state: OutboxItemState): OutboxItem {
    emitItem(record(item), state)
    return item
  }

  function resolveWaiters(id: string, outcome: OutboxOutcome): void {
    for (const resolve of waiters.get(id) ?? []) resolve(outcome)
    waiters.delete(id)
  }

  function invalidate(keys: QueryKey[] | undefined, queryClient: QueryClient | undefined): void {
    for (const queryKey of keys ?? []) void queryClient?.invalidateQueries({ queryKey })
  }

  function settle(item: OutboxItem, outcome: OutboxOutcome): void {
    const itemHooks = hooks.get(item.id)
    hooks.delete(item.id)
    const queryClient = itemHooks?.queryClient ?? defaultQueryClient
    let final = item
    if (outcome.status === 'failed') {
      final = record({ ...item, status: 'failed', error: outcome.error.toData() })
    } else {
      items.delete(item.id)
      void remove(item.id)
    }
    // Rollback restores the snapshot taken before the change; invalidating after it fetches the truth.
    if (outcome.status === 'done') itemHooks?.onSuccess?.(outcome.result, itemHooks.queryClient)
    else itemHooks?.rollback?.(itemHooks.queryClient)
    invalidate(item.invalidate, queryClient)
    emitItem(final, outcome.status, outcome.status === 'done' ? outcome.result : undefined)
    resolveWaiters(item.id, outcome)
  }

  /** Makes memory match IndexedDB, which other tabs write too. */
  async function reload(underLock: boolean): Promise<void> {
    let knownBefore: Set<string>
    let storedItems: OutboxItem[]
    let writesBefore: number
    // A change made here during the read is newer than what the read returns: read again.
    do {
      await writes
      writesBefore = writeCount
      knownBefore = new Set(stored)
      try {
        storedItems = await values<OutboxItem>(store)
      } catch (error) {
        console.warn('outbox: IndexedDB read failed', error)
        return
      }
    } while (writesBefore !== writeCount)
    const storedIds = new Set(storedItems.map((item) => item.id))
    const refusedElsewhere: OutboxItem[] = []
    for (const item of storedItems) {
      stored.add(item.id)
      // Under the lock nobody else is sending, so a stored 'sending' is a tab that closed mid-request.
      const current = underLock && item.status === 'sending' ? { ...item, status: 'pending' as const } : item
      const before = items.get(item.id)
      if (item.status === 'failed' && item.error && before && before.status !== 'failed') refusedElsewhere.push(item)
      items.set(item.id, current)
      seq = Math.max(seq, item.seq + 1)
    }
    // Refused while another tab or the service worker sent it: whoever waits here learns it now.
    for (const item of refusedElsewhere) settle(item, { status: 'failed', error: new ApiError(item.error!) })
    for (const [id, item] of items) {
      if (knownBefore.has(id) && !storedIds.has(id) && !sendingHere.has(id)) {
        stored.delete(id)
        settle(item, { status: 'done', result: undefined })
      }
    }
    emit({ type: 'loaded' })
  }

  function ready(): Promise<void> {
    loaded ??= reload(false)
    return loaded
  }

  function scheduleRetry(delayMs: number): void {
    clearTimeout(retryTimer)
    retryTimer = setTimeout(() => void replay(), Math.max(0, delayMs))
  }

  async function sendOne(item: OutboxItem): Promise<'next' | 'stop'> {
    // Numbered under the lock, in the order sent; stored before it leaves, so a retry sends the same number.
    const device = item.device ?? (await numberMutation().catch(() => undefined))
    const sending = put({ ...item, device, status: 'sending' }, 'sending')
    sendingHere.add(sending.id)
    await writes
    try {
      const result = await send(sending)
      settle(sending, { status: 'done', result })
      return 'next'
    } catch (thrown) {
      const error = asApiError(thrown)
      if (isPermanentFailure(error)) {
        settle(sending, { status: 'failed', error })
        return 'next'
      }
      const attempts = sending.attempts + 1
      const delay = backoffDelay(attempts, backoff)
      put(
        { ...sending, status: 'pending', attempts, nextAttemptAt: now() + delay, error: error.toData() },
        'pending',
      )
      requestBackgroundSync()
      scheduleRetry(delay)
      // Later items wait: a cart's changes must reach the server in the order they were made.
      return 'stop'
    } finally {
      sendingHere.delete(sending.id)
    }
  }

  async function drain(): Promise<void> {
    try {
      await drainQueue()
    } finally {
      // The next tab to take the lock must read what this one did.
      await writes
    }
  }

  async function drainQueue(): Promise<void> {
    const reloaded = reload(true)
    loaded ??= reloaded
    await reloaded
    if (forceNext) {
      forceNext = false
      // Stored, not only set in memory: a reload prompted by another tab must not bring the wait back.
      for (const item of [...items.values()]) {
        if (item.status === 'pending' && item.nextAttemptAt > 0) record({ ...item, nextAttemptAt: 0 })
      }
      snapshot = [...items.values()].sort(compareItems)
    }
    for (;;) {
      const head = snapshot.find((item) => item.status === 'pending')
      if (!head) return
      if (!isOnline()) return requestBackgroundSync()
      const wait = head.nextAttemptAt - now()
      if (wait > 0) return scheduleRetry(wait)
      if ((await sendOne(head)) === 'stop') return
    }
  }

  function replay({ force = false }: { force?: boolean } = {}): Promise<void> {
    if (force) forceNext = true
    if (!isOnline()) {
      requestBackgroundSync()
      return Promise.resolve()
    }
    if (running) {
      runAgain = true
      return running
    }
    running = (async () => {
      try {
        do {
          runAgain = false
          await withLock(lockName, drain)
        } while (runAgain)
      } finally {
        running = null
      }
    })()
    return running
  }

  function enqueue(input: EnqueueInput, itemHooks?: OptimisticHooks): Enqueued {
    const item: OutboxItem = {
      ...input,
      headers: { [HEADERS.lang]: getRequestContext().lang },
      id: crypto.randomUUID(),
      idempotencyKey: crypto.randomUUID(),
      status: 'pending',
      createdAt: now(),
      seq: seq++,
      attempts: 0,
      nextAttemptAt: 0,
    }
    itemHooks?.apply?.(itemHooks.queryClient)
    if (itemHooks) hooks.set(item.id, itemHooks)
    const outcome = new Promise<OutboxOutcome>((resolve) => waiters.set(item.id, [resolve]))
    if (input.dedupeKey !== undefined) {
      for (const older of [...items.values()]) {
        if (older.dedupeKey !== input.dedupeKey || older.status !== 'pending') continue
        items.delete(older.id)
        void remove(older.id)
        hooks.delete(older.id)
        // Whoever waits for the replaced change learns the fate of the change that replaced it.
        waiters.get(item.id)?.push(...(waiters.get(older.id) ?? []))
        waiters.delete(older.id)
        emitItem(older, 'superseded')
      }
    }
    put(item, 'pending')
    const persisted = writes
    if (isOnline()) void replay()
    else requestBackgroundSync()
    return { id: item.id, outcome, persisted }
  }

  function retry(id: string): boolean {
    const item = items.get(id)
    if (!item || item.status === 'sending') return false
    // The server may have stored its refusal under the old key; a fresh key and number make it look again.
    const failed = item.status === 'failed'
    const idempotencyKey = failed ? crypto.randomUUID() : item.idempotencyKey
    const device = failed ? undefined : item.device
    put(
      { ...item, status: 'pending', idempotencyKey, device, attempts: 0, nextAttemptAt: 0, error: undefined },
      'pending',
    )
    void replay()
    return true
  }

  function discard(id: string): boolean {
    const item = items.get(id)
    if (!item || item.status === 'sending') return false
    settle(item, { status: 'discarded' })
    return true
  }

  function subscribe(listener: (event: OutboxEvent) => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }

  function start({ queryClient }: StartOptions = {}): () => void {
    if (queryClient) defaultQueryClient = queryClient
    const onOnline = () => void replay({ force: true })
    window.addEventListener('online', onOnline)
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(lockName)
      channel.onmessage = () => void reload(false)
    }
    void ready().then(() => replay())
    return () => {
      window.removeEventListener('online', onOnline)
      channel?.close()
      channel = null
      clearTimeout(retryTimer)
    }
  }

  return {
    enqueue,
    replay,
    retry,
    discard,
    subscribe,
    getItems: () => snapshot,
    start,
    ready,
  }
}

/** The page's one outbox; `start()` it from the app shell. */
export const outbox: Outbox = createOutbox()
