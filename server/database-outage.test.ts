import { createServer, connect, type Server, type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '../contract/common'
import { buildApp } from './app'
import { readConfig } from './config'
import { openDatabase, type Database } from './db/connection'
import type { App } from './http/types'
import { testEngine } from './test/database'

/**
 * A TCP proxy in front of PostgreSQL that the test cuts and restores. Cut `reset`: every connection is
 * closed, as when the server restarts. Cut `silent`: nothing more passes either way and new connections
 * are accepted but never answered, as when the network between the store and the database is gone.
 * Restored, new connections pass again and the silent ones flow on.
 */
class DatabaseProxy {
  private server: Server
  private pairs = new Set<{ client: Socket; upstream: Socket | null }>()
  private cut: 'reset' | 'silent' | null = null
  port = 0

  constructor(
    private host: string,
    private targetPort: number,
  ) {
    this.server = createServer((client) => this.accept(client))
  }

  async listen() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    const address = this.server.address()
    this.port = typeof address === 'object' && address ? address.port : 0
  }

  private accept(client: Socket) {
    const pair = { client, upstream: null as Socket | null }
    this.pairs.add(pair)
    client.on('error', () => {})
    client.on('close', () => {
      pair.upstream?.destroy()
      this.pairs.delete(pair)
    })
    if (this.cut) {
      // accepted and never answered: the store's connect timeout is what ends its wait
      client.pause()
      return
    }
    this.join(pair)
  }

  private join(pair: { client: Socket; upstream: Socket | null }) {
    const upstream = connect(this.targetPort, this.host)
    pair.upstream = upstream
    upstream.on('error', () => pair.client.destroy())
    upstream.on('close', () => pair.client.destroy())
    pair.client.pipe(upstream)
    upstream.pipe(pair.client)
  }

  /** Cuts the database off: `reset` closes every connection, `silent` stops every byte. */
  cutOff(how: 'reset' | 'silent') {
    this.cut = how
    for (const pair of this.pairs) {
      if (how === 'reset') {
        pair.client.destroy()
        pair.upstream?.destroy()
      } else {
        pair.client.pause()
        pair.upstream?.pause()
      }
    }
  }

  restore() {
    this.cut = null
    for (const pair of this.pairs) {
      if (pair.upstream) {
        pair.client.resume()
        pair.upstream.resume()
      } else {
        // a connection accepted while cut now reaches the database (the store may have given up on it)
        pair.client.resume()
        this.join(pair)
      }
    }
  }

  async close() {
    for (const pair of this.pairs) {
      pair.client.destroy()
      pair.upstream?.destroy()
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

interface Outcome {
  at: number
  ms: number
  status: number
  body: string
  retryAfter: string | undefined
}

const CONNECT_TIMEOUT_MS = 1_000
const QUERY_TIMEOUT_MS = 1_500
/**
 * The longest a request may take while the database is away: its waits plus the machine's slack (a 10 s
 * cut while the journeys ran beside the suite on two cores saw one request take 5,042 ms; a hang would be
 * minutes).
 */
const BOUND_MS = QUERY_TIMEOUT_MS + 1_000 + CONNECT_TIMEOUT_MS + 2_500
/** How long the database is away: 10 s, as a failover or a restart of PostgreSQL takes. */
const OUTAGE_MS = 10_000

describe.runIf(testEngine() === 'postgres')('the database going away under load, on PostgreSQL', () => {
  let proxy: DatabaseProxy
  let database: Database
  let app: App

  beforeAll(async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!)
    proxy = new DatabaseProxy(url.hostname, Number(url.port || 5432))
    await proxy.listen()
    url.hostname = '127.0.0.1'
    url.port = String(proxy.port)
    database = await openDatabase({
      url: url.toString(),
      poolSize: 4,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      queryTimeoutMs: QUERY_TIMEOUT_MS,
    })
    const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: './dist' })
    app = await buildApp({ config, database, logger: false })
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.close()
    await proxy?.close()
  })

  /** What a shopper's device asks: a new cart (a write), the cart read back, and the health check. */
  async function shopperRequest(): Promise<Outcome> {
    const started = Date.now()
    const created = await app.inject({
      method: 'POST',
      url: '/cart/api/v2/carts',
      payload: { city_id: 1 },
    })
    let res = created
    if (created.statusCode === 201) {
      const { id } = created.json<{ id: string }>()
      res = await app.inject({ url: `/cart/api/v2/carts/${id}?city_id=1` })
    }
    if (res.statusCode === 200) res = await app.inject('/api/health')
    return {
      at: started,
      ms: Date.now() - started,
      status: res.statusCode,
      body: res.body,
      retryAfter: res.headers['retry-after'] as string | undefined,
    }
  }

  /** `clients` shoppers asking one request after another until `stop` says so. */
  async function load(clients: number, stop: () => boolean): Promise<Outcome[]> {
    const outcomes: Outcome[] = []
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (!stop()) outcomes.push(await shopperRequest())
      }),
    )
    return outcomes
  }

  for (const how of ['reset', 'silent'] as const) {
    it(
      `cut (${how}) for ${OUTAGE_MS / 1000} s under 8 shoppers: 503 in the error shape within the bound, never a 500, then 200s alone`,
      async () => {
        const before = await shopperRequest()
        expect(before.status, before.body).toBe(200)

        let stopped = false
        const running = load(8, () => stopped)
        await sleep(500)
        const cutAt = Date.now()
        proxy.cutOff(how)
        await sleep(OUTAGE_MS)
        const restoredAt = Date.now()
        proxy.restore()
        // the store reconnects by itself: no restart, no call into it
        await sleep(3_000)
        stopped = true
        const outcomes = await running

        const during = outcomes.filter((o) => o.at >= cutAt + 200 && o.at + o.ms <= restoredAt)
        expect(during.length).toBeGreaterThan(0)
        for (const o of during) {
          expect(o.status, o.body).toBe(503)
          expect(ErrorBody.parse(JSON.parse(o.body)).error).toMatchObject({
            code: 'database_unavailable',
            message: 'errors:tryLater',
          })
          expect(o.retryAfter).toBe('5')
        }
        // no request of the whole run hung past the bound, and none was a 500
        for (const o of outcomes) {
          expect(o.ms).toBeLessThan(BOUND_MS)
          expect([200, 503], o.body).toContain(o.status)
        }
        // recovered alone: what was asked a second after the restore was answered
        const after = outcomes.filter((o) => o.at >= restoredAt + 1_500)
        expect(after.length).toBeGreaterThan(0)
        expect(after.every((o) => o.status === 200)).toBe(true)
        // no connection was lost to the outage: four times the pool's connections at once are all answered
        const burst = await Promise.all(Array.from({ length: 16 }, () => shopperRequest()))
        expect(burst.map((o) => o.status)).toEqual(burst.map(() => 200))
      },
      OUTAGE_MS + 30_000,
    )
  }
})
