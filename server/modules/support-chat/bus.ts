import { EventEmitter } from 'node:events'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import type { Db } from '../../db/connection'

/**
 * What one process tells every process of the store about the chat. Events are small: a message event
 * says which number a conversation reached, and each process reads the messages its sockets have not
 * seen from the database, so an event lost or late costs nothing but time.
 */
export type ChatEvent =
  | { kind: 'message'; conversation: string; owner: string; seq: number }
  | { kind: 'typing'; conversation: string; author: 'shopper' | 'operator' }
  /** A conversation was opened, taken or closed: its shopper and the operators look at it again. */
  | { kind: 'conversation'; conversation: string; owner: string }

export interface ChatBus {
  publish(event: ChatEvent): Promise<void>
  /** Every event published by any process (this one included), in the order each process sent them. */
  subscribe(listener: (event: ChatEvent) => void): () => void
  /**
   * Called when events may have been missed (the listening connection was lost and is back): the
   * listener reads again what its sockets are waiting for.
   */
  onResync(listener: () => void): () => void
  /** Resolves once events published from now on are heard. */
  ready(): Promise<void>
  close(): Promise<void>
}

const CHANNEL = 'support_chat'

function listeners<T extends unknown[]>() {
  const set = new Set<(...args: T) => void>()
  return {
    add(listener: (...args: T) => void) {
      set.add(listener)
      return () => void set.delete(listener)
    },
    emit(...args: T) {
      for (const listener of set) listener(...args)
    },
  }
}

/** PGlite: the store is one process, so an emitter in it is every process. */
export function createLocalBus(): ChatBus {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  const resync = listeners<[]>()
  return {
    publish: (event) => {
      // delivered after the publisher's own code has run on, as a notification would be
      queueMicrotask(() => emitter.emit('event', event))
      return Promise.resolve()
    },
    subscribe: (listener) => {
      emitter.on('event', listener)
      return () => void emitter.off('event', listener)
    },
    onResync: resync.add,
    ready: () => Promise.resolve(),
    close: () => {
      emitter.removeAllListeners()
      return Promise.resolve()
    },
  }
}

export interface PgBusOptions {
  db: Db
  /** A connection of its own (the database's `connectListener`). */
  connect: () => Promise<pg.Client>
  log: { warn(obj: object, msg: string): void }
  /** First wait before connecting again after the listening connection is lost; doubles to 10 s. */
  retryMs?: number
}

/**
 * PostgreSQL: NOTIFY on the channel `support_chat`, heard by every process through one LISTEN
 * connection each. When that connection is lost, the bus connects again (with backoff) and then asks
 * its listeners to resync, since notifications sent meanwhile went to nobody.
 */
export function createPgBus({ db, connect, log, retryMs = 250 }: PgBusOptions): ChatBus {
  const events = listeners<[ChatEvent]>()
  const resync = listeners<[]>()
  let client: pg.Client | null = null
  let closed = false
  let lostOnce = false
  let wait = retryMs
  let timer: NodeJS.Timeout | null = null
  let readyNow: () => void = () => {}
  let readyPromise = new Promise<void>((resolve) => (readyNow = resolve))

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return
    let event: ChatEvent
    try {
      event = JSON.parse(msg.payload) as ChatEvent
    } catch {
      return
    }
    events.emit(event)
  }

  const lost = (c: pg.Client, err?: unknown) => {
    if (client !== c) return
    client = null
    c.removeAllListeners('notification')
    c.end().catch(() => {})
    if (closed) return
    log.warn({ err }, 'support chat: the LISTEN connection was lost; connecting again')
    lostOnce = true
    readyPromise = new Promise<void>((resolve) => (readyNow = resolve))
    schedule()
  }

  const schedule = () => {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = null
      void open()
    }, wait)
    timer.unref()
    wait = Math.min(wait * 2, 10_000)
  }

  async function open() {
    let c: pg.Client | null = null
    try {
      c = await connect()
      if (closed) {
        await c.end()
        return
      }
      c.on('notification', onNotification)
      c.on('error', (err) => lost(c as pg.Client, err))
      c.on('end', () => lost(c as pg.Client))
      await c.query(`LISTEN ${CHANNEL}`)
      client = c
      wait = retryMs
      readyNow()
      if (lostOnce) resync.emit()
    } catch (err) {
      c?.removeAllListeners()
      c?.end().catch(() => {})
      if (closed) return
      log.warn({ err }, 'support chat: could not LISTEN; trying again')
      schedule()
    }
  }
  void open()

  return {
    publish: async (event) => {
      await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`)
    },
    subscribe: events.add,
    onResync: resync.add,
    ready: () => readyPromise,
    close: async () => {
      closed = true
      if (timer) clearTimeout(timer)
      const c = client
      client = null
      readyNow()
      if (c) {
        c.removeAllListeners()
        c.on('error', () => {})
        await c.end().catch(() => {})
      }
    },
  }
}
