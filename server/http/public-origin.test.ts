import Fastify from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { publicOrigin, warnIfNoPublicOrigin } from './public-origin'

/** A bare app answering with `publicOrigin`, with Fastify's trustProxy as TRUST_PROXY sets it. */
async function originOf(
  trustProxy: false | string[],
  request: { headers: Record<string, string>; remoteAddress?: string },
  configured?: string,
): Promise<string> {
  const app = Fastify({ trustProxy })
  app.get('/origin', (req) => publicOrigin(req, configured))
  try {
    return (await app.inject({ url: '/origin', ...request })).body
  } finally {
    await app.close()
  }
}

const forged = { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' }

describe('the public origin of absolute links', () => {
  it('is the Host of a direct request, whatever forwarded headers the client adds', async () => {
    expect(await originOf(false, { headers: { host: 'shop.example.kz', ...forged } })).toBe(
      'http://shop.example.kz',
    )
  })

  it("ignores a forwarded host from a peer that is not the configured proxy, and takes the proxy's", async () => {
    const proxy = ['10.0.0.0/8']
    const headers = { host: 'shop.example.kz', ...forged }
    expect(await originOf(proxy, { headers, remoteAddress: '198.51.100.7' })).toBe('http://shop.example.kz')
    expect(await originOf(proxy, { headers, remoteAddress: '10.1.2.3' })).toBe('https://attacker.example')
  })

  it('is PUBLIC_ORIGIN when set, and a host name in lower case otherwise', async () => {
    const headers = { host: 'Shop.Example.KZ:8080', ...forged }
    expect(await originOf(false, { headers }, 'https://store.example.kz/')).toBe('https://store.example.kz')
    expect(await originOf(false, { headers })).toBe('http://shop.example.kz:8080')
    expect(await originOf(false, { headers: { host: 'bad host/<x>' } })).toBe('http://localhost')
  })
})

describe('warnIfNoPublicOrigin', () => {
  it('warns once in production when PUBLIC_ORIGIN is unset', () => {
    const log = { warn: vi.fn() }
    expect(warnIfNoPublicOrigin({ NODE_ENV: 'production', PUBLIC_ORIGIN: undefined }, log)).toBe(true)
    expect(log.warn).toHaveBeenCalledTimes(1)
    expect(String(log.warn.mock.calls[0]?.[0])).toMatch(/PUBLIC_ORIGIN/)
  })

  it('stays quiet when PUBLIC_ORIGIN is set, and outside production', () => {
    const log = { warn: vi.fn() }
    expect(
      warnIfNoPublicOrigin({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://store.example.kz' }, log),
    ).toBe(false)
    expect(warnIfNoPublicOrigin({ NODE_ENV: 'development', PUBLIC_ORIGIN: undefined }, log)).toBe(false)
    expect(warnIfNoPublicOrigin({ NODE_ENV: 'test', PUBLIC_ORIGIN: undefined }, log)).toBe(false)
    expect(log.warn).not.toHaveBeenCalled()
  })
})
