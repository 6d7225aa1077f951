import type { EventEmitter } from 'node:events'
import type pg from 'pg'

/**
 * Small events one process tells every process of the store (the support chat's messages, a sign-in
 * ended). Events may be lost while a process's listening connection is down; `onResync` says when that
 * may have happened, and `listening` whether every event published now is heard.
 */
export interface Channel<T> {
  publish(event: T): Promise<void>
  /** Every event published by any process (this one included), in the order each process sent them. */
  subscribe(listener: (event: T) => void): () => void
  /** Called when events may have been missed (the listening connection was lost and is back). */
  onResync(listener: () => void): () => void
  /** Resolves once events published from now on are heard. */
  ready(): Promise<void>
  /** Whether events published now are heard: false while the listening connection is down. */
  listening(): boolean
  close(): Promise<void>
}

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

export interface ChannelLog {
  warn(obj: object, msg: string): void
}

/**
 * PGlite: the store is one process, so an emitter in it is every process. The emitter is the
 * database's, shared by every app opened over it (the tests' stand-ins for several processes).
 */
export function createLocalChannel<T>(hub: EventEmitter, channel: string): Channel<T> {
  const own = new Set<(event: T) => void>()
  const resync = listeners<[]>()
  return {
    publish: (event) => {
      // delivered after the publisher's own code has run on, as a notification would be
      queueMicrotask(() => hub.emit(channel, event))
      return Promise.resolve()
    },
    subscribe: (listener) => {
      own.add(listener)
      hub.on(channel, listener)
      return () => {
        own.delete(listener)
        hub.off(channel, listener)
      }
    },
    onResync: resync.add,
    ready: () => Promise.resolve(),
    listening: () => true,
    close: () => {
      for (const listener of own) hub.off(channel, listener)
      own.clear()
      return Promise.resolve()
    },
  }
}

export interface PgChannelOptions {
  /** The NOTIFY channel's name: a plain identifier. */
  channel: string
  /** Sends one notification on the channel (through the pool). */
  notify: (payload: string) => Promise<void>
  /** A connection of its own, outside the pool: a pooled one goes back to other work and stops hearing. */
  connect: () => Promise<pg.Client>
  log: ChannelLog
  /** First wait before connecting again after the listening connection is lost; doubles to 10 s. */
  retryMs?: number
}

/**
 * PostgreSQL: NOTIFY on the channel, heard by every process through one LISTEN connection each. When
 * that connection is lost, the channel connects again (with backoff) and then asks its listeners to
 * resync, since notifications sent meanwhile went to nobody.
 */
export function createPgChannel<T>({
  channel,
  notify,
  connect,
  log,
  retryMs = 250,
}: PgChannelOptions): Channel<T> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`)
  const events = listeners<[T]>()
  const resync = listeners<[]>()
  let client: pg.Client | null = null
  let closed = false
  let lostOnce = false
  let wait = retryMs
  let timer: NodeJS.Timeout | null = null
  let readyNow: () => void = () => {}
  let readyPromise = new Promise<void>((resolve) => (readyNow = resolve))

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== channel || !msg.payload) return
    let event: T
    try {
      event = JSON.parse(msg.payload) as T
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
    log.warn({ err, channel }, 'the LISTEN connection was lost; connecting again')
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
      await c.query(`LISTEN ${channel}`)
      client = c
      wait = retryMs
      readyNow()
      if (lostOnce) resync.emit()
    } catch (err) {
      c?.removeAllListeners()
      c?.end().catch(() => {})
      if (closed) return
      log.warn({ err, channel }, 'could not LISTEN; trying again')
      schedule()
    }
  }
  void open()

  return {
    publish: (event) => notify(JSON.stringify(event)),
    subscribe: events.add,
    onResync: resync.add,
    ready: () => readyPromise,
    listening: () => client !== null,
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
