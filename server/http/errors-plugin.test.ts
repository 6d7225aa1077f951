import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody, HEADERS } from '../../contract/common'
import { buildTestApp, testApp } from '../test/app'
import { captchaToken, randomClientIp, randomPhone } from '../test/auth'
import { SECURITY_HEADERS } from './security'
import type { App } from './types'

/** The store's one error shape, with its code, and nothing of Fastify's (`statusCode`, a text). */
function expectStoreError(body: string, code: string) {
  const parsed = JSON.parse(body) as unknown
  expect(parsed, body).toEqual({ error: expect.objectContaining({ code }) })
  expect(ErrorBody.parse(parsed).error.message).toMatch(/^errors:/)
}

function expectSecurityHeaders(headers: Record<string, unknown>) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], name).toBe(value)
}

describe('errors raised before a route runs', () => {
  let app: App
  beforeAll(async () => {
    ;({ app } = await testApp())
  })

  it('answers a malformed percent-encoding with 400 bad_url in the store shape, never echoing the URL', async () => {
    const url = '/katalog/api/v1/products/%E0%A4%A'
    const res = await app.inject({ url })
    expect(res.statusCode).toBe(400)
    expectStoreError(res.body, 'bad_url')
    expect(res.body).not.toContain('%E0%A4%A')
    expect(res.body).not.toContain('/katalog')
    expectSecurityHeaders(res.headers)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.headers[HEADERS.requestId]).toEqual(expect.any(String))
  })

  it('answers a path parameter over the router limit with 414 in the store shape, never echoing it', async () => {
    const id = 'x'.repeat(150)
    const url = `/katalog/api/v1/products/${id}`
    const { app: bare } = await buildTestApp({ STATIC_DIR: './no-build-here' })
    await bare.ready()
    try {
      const refused = await bare.inject({ url })
      expect(refused.statusCode).toBe(414)
      expectStoreError(refused.body, 'max_param_length')
      expect(refused.body).not.toContain(id)
      expectSecurityHeaders(refused.headers)
    } finally {
      await bare.close()
    }
    // Where the built site is served, its wildcard route takes the path before the router's limit does.
    const served = await app.inject({ url })
    expect(served.statusCode).toBeGreaterThanOrEqual(400)
    ErrorBody.parse(served.json())
    expect(served.body).not.toContain(id)
  })

  it('answers a body that is not JSON with 400 invalid_json_body in the store shape', async () => {
    for (const payload of ['{"from":', '{"__proto__":{"x":1},"from":"a"}', `${'['.repeat(50_000)}`]) {
      const res = await app.inject({
        method: 'POST',
        url: '/menu/api/v1/anchors',
        headers: { 'content-type': 'application/json' },
        payload,
      })
      expect(res.statusCode).toBe(400)
      expectStoreError(res.body, 'ctp_invalid_json_body')
      expectSecurityHeaders(res.headers)
    }
  })

  it('answers a content type the route does not read with 415 in the store shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/menu/api/v1/anchors',
      headers: { 'content-type': 'text/xml' },
      payload: '<from>/catalog</from>',
    })
    expect(res.statusCode).toBe(415)
    expectStoreError(res.body, 'ctp_invalid_media_type')
    expect(res.body).not.toContain('text/xml')
    expectSecurityHeaders(res.headers)
  })

  it('answers an unknown API address and a method no route takes with a JSON 404, never echoing them', async () => {
    for (const [method, url] of [
      ['GET', '/katalog/api/v1/no-such-thing'],
      // encoded: the test client would resolve plain dot segments before the server saw them
      ['GET', '/api/..%2F..%2Fetc%2Fpasswd'],
      ['PATCH', '/menu/api/v1/cities'],
      ['OPTIONS', '/menu/api/v1/cities'],
    ] as const) {
      const res = await app.inject({ method, url })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expectStoreError(res.body, 'not_found')
      expect(res.body).not.toContain('/menu')
      expect(res.body).not.toContain('no-such-thing')
      expectSecurityHeaders(res.headers)
    }
  })

  it('answers a body over the limit with 413 in the store shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/menu/api/v1/anchors',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ from: 'x'.repeat(2_000_000) }),
    })
    expect(res.statusCode).toBe(413)
    expectStoreError(res.body, 'ctp_body_too_large')
    expect(ErrorBody.parse(res.json()).error.message).toBe('errors:payloadTooLarge')
    expectSecurityHeaders(res.headers)
  })
})

/** Sends raw bytes to the listening server and reads the answer until it closes the connection. */
function rawRequest(port: number, data: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(data))
    let answer = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer in 5 s')))
  })
}

function parseAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n')
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
    }),
  )
  return { status: Number(statusLine.split(' ')[1]), headers, body }
}

// Node's HTTP parser refuses these before Fastify sees a request; inject would bypass it.
describe('requests node refuses, on a listening server', () => {
  let app: App
  let port: number
  beforeAll(async () => {
    ;({ app } = await buildTestApp())
    await app.listen({ host: '127.0.0.1', port: 0 })
    port = (app.server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await app.close()
  })

  it('answers headers over the size limit with 431 in the store shape, with the security headers', async () => {
    const raw = await rawRequest(
      port,
      `GET /katalog/api/v1/products/secret-path HTTP/1.1\r\nHost: shop\r\nX-Filler: ${'y'.repeat(20_000)}\r\n\r\n`,
    )
    const answer = parseAnswer(raw)
    expect(answer.status, raw).toBe(431)
    expectStoreError(answer.body, 'header_too_large')
    expect(raw).not.toContain('secret-path')
    expectSecurityHeaders(answer.headers)
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body))
  })

  it('answers a request that is not HTTP with 400 in the store shape', async () => {
    const answer = parseAnswer(await rawRequest(port, 'HELLO THERE\r\n\r\n'))
    expect(answer.status).toBe(400)
    expectStoreError(answer.body, 'bad_request')
    expectSecurityHeaders(answer.headers)
  })

  it('answers a malformed percent-encoding on the wire the same way as through inject', async () => {
    const raw = await rawRequest(
      port,
      'GET /katalog/api/v1/products/%E0%A4%A HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n',
    )
    const answer = parseAnswer(raw)
    expect(answer.status).toBe(400)
    expectStoreError(answer.body, 'bad_url')
    expect(raw).not.toContain('%E0%A4%A')
    expectSecurityHeaders(answer.headers)
  })

  it('still serves a well-formed request on the same server', async () => {
    const answer = parseAnswer(
      await rawRequest(port, 'GET /menu/api/v1/cities HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n'),
    )
    expect(answer.status).toBe(200)
  })
})

describe('refusals say when to come back', () => {
  let app: App
  beforeAll(async () => {
    ;({ app } = await testApp())
  })

  it('sends Retry-After with the penalty seconds on a 429', async () => {
    const phone = randomPhone()
    const ask = async () =>
      app.inject({
        method: 'POST',
        url: '/account/api/v1/events/verify/phone',
        headers: { 'x-captcha-token': await captchaToken(app), 'x-forwarded-for': randomClientIp() },
        payload: { phone, purpose: 'signup' },
      })
    expect((await ask()).statusCode).toBe(200)
    const refused = await ask()
    expect(refused.statusCode).toBe(429)
    const penalty = (ErrorBody.parse(refused.json()).error.details as { penalty: number }).penalty
    expect(penalty).toBeGreaterThan(0)
    expect(refused.headers['retry-after']).toBe(String(penalty))
    expectSecurityHeaders(refused.headers)
  })

  it('sends no Retry-After on other errors', async () => {
    const res = await app.inject({ url: '/katalog/api/v1/products/no-such-product' })
    expect(res.statusCode).toBe(404)
    expect(res.headers['retry-after']).toBeUndefined()
  })
})
