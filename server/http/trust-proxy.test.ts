import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/connection'
import { buildTestApp } from '../test/app'
import type { App } from './types'

/** An address of the documentation range, so no other test's counters are touched. */
const peerAddress = () => `192.0.2.${randomInt(1, 255)}`

async function appWith(trustProxy: string): Promise<{ app: App; database: Database }> {
  const built = await buildTestApp({ TRUST_PROXY: trustProxy })
  built.app.get('/test/who', (req) => ({ ip: req.ip, host: req.host, protocol: req.protocol }))
  await built.app.ready()
  return built
}

const forged = {
  'x-forwarded-for': '203.0.113.9',
  'x-forwarded-host': 'attacker.example',
  'x-forwarded-proto': 'https',
}

describe('who the client is, by default (TRUST_PROXY unset)', () => {
  let app: App
  let database: Database
  beforeAll(async () => {
    ;({ app, database } = await appWith(''))
  })
  afterAll(() => app.close())

  it('is the peer that connected, whatever forwarded headers it sends', async () => {
    const remoteAddress = peerAddress()
    const res = await app.inject({
      url: '/test/who',
      remoteAddress,
      headers: { host: 'store.example.kz', ...forged },
    })
    expect(res.json()).toEqual({ ip: remoteAddress, host: 'store.example.kz', protocol: 'http' })
  })

  it('keeps counting one client whose X-Forwarded-For changes on every request', async () => {
    const remoteAddress = peerAddress()
    await database.db.execute(
      sql`insert into rate_limit_hits (bucket, key) select 'kind-client', ${remoteAddress} from generate_series(1, 60)`,
    )
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({
        url: '/account/api/v1/profile/kind?phone=77001234567',
        remoteAddress,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      })
      expect(res.statusCode).toBe(429)
    }
  })
})

describe('who the client is behind a configured proxy', () => {
  let app: App
  beforeAll(async () => {
    ;({ app } = await appWith('192.0.2.0/24'))
  })
  afterAll(() => app.close())

  it("takes the proxy's forwarded address, host and protocol", async () => {
    const res = await app.inject({ url: '/test/who', remoteAddress: peerAddress(), headers: forged })
    expect(res.json()).toEqual({ ip: '203.0.113.9', host: 'attacker.example', protocol: 'https' })
  })

  it('ignores the same headers from a peer that is not the proxy', async () => {
    const res = await app.inject({
      url: '/test/who',
      remoteAddress: '198.51.100.20',
      headers: { host: 'store.example.kz', ...forged },
    })
    expect(res.json()).toEqual({ ip: '198.51.100.20', host: 'store.example.kz', protocol: 'http' })
  })
})
