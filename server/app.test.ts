import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ErrorBody } from '../contract/common'
import { conflict } from './http/errors'
import type { App } from './http/types'
import { buildApp } from './app'
import { readConfig } from './config'
import type { Database } from './db/connection'
import { Readiness } from './lib/readiness'
import { buildTestApp, testApp } from './test/app'

function makeStaticDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-dist-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  )
  const js = 'console.log("store");'.repeat(200)
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), js)
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(js))
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"store"}')
  writeFileSync(path.join(dir, 'build.json'), '{"buildId":"test-build-1"}')
  return dir
}

describe('the server core', () => {
  let app: App
  let database: Database

  beforeAll(async () => {
    ;({ app, database } = await testApp())
  })

  it('reports the database engine, its version and the applied migration on /api/health', async () => {
    const res = await app.inject('/api/health')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(['pglite', 'postgres']).toContain(body.database.engine)
    expect(body.database.version).toMatch(/^\d+/)
    expect(body.database.migration).toMatch(/^\d{4}_/)
    expect(body.status).toBe('ok')
    expect(body.pending).toEqual([])
  })

  it('answers /api/health with 503 and the parts still being prepared while the store starts', async () => {
    const readiness = new Readiness()
    let lexiconLoaded = false
    readiness.add('test_lexicon', () => lexiconLoaded)
    const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
    const starting = await buildApp({ config, database, logger: false, readiness })
    try {
      const res = await starting.inject('/api/health')
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ status: 'starting', pending: ['test_lexicon'] })
      lexiconLoaded = true
      const ready = await starting.inject('/api/health')
      expect(ready.statusCode).toBe(200)
      expect(ready.json()).toMatchObject({ status: 'ok', pending: [] })
    } finally {
      await starting.close()
    }
  })

  it('answers an unknown API path with a JSON 404 in the one error shape', async () => {
    for (const url of ['/katalog/api/v1/nothing-here', '/api/nothing', '/cart/api/v3/carts/x/y/z']) {
      const res = await app.inject(url)
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toContain('application/json')
      expect(ErrorBody.parse(res.json()).error.code).toBe('not_found')
    }
    const post = await app.inject({ method: 'POST', url: '/checkout/api/v1/nope', payload: {} })
    expect(post.statusCode).toBe(404)
    expect(ErrorBody.safeParse(post.json()).success).toBe(true)
  })

  it('sends security headers with a script policy that allows no inline script', async () => {
    const res = await app.inject('/api/health')
    const csp = String(res.headers['content-security-policy'])
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...sources] = part.trim().split(/\s+/)
        return [name, sources] as const
      }),
    )
    expect(directives.get('script-src')).toEqual(["'self'"])
    expect(directives.get('style-src')).toEqual(["'self'"])
    // the style attributes of server-rendered pages, and nothing else inline
    expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"])
    expect(
      [...directives].filter(([, sources]) => sources.includes("'unsafe-inline'")).map(([name]) => name),
    ).toEqual(['style-src-attr'])
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    // A page the server rendered has the same policy, its inline scripts allowed by its own nonce alone
    const page = await app.inject('/catalog')
    const pagePolicy = String(page.headers['content-security-policy'])
    expect(pagePolicy.replace(/ 'nonce-[A-Za-z0-9+/=_-]+' 'strict-dynamic'/, '')).toBe(csp)
  })

  it('gives every response a request id, taking the one the client sent', async () => {
    const res = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } })
    expect(res.headers['x-request-id']).toBe('abc-123')
    const fresh = await app.inject('/api/health')
    expect(String(fresh.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('publishes an OpenAPI document generated from the route schemas, and a docs page', async () => {
    const doc = await app.inject('/api/openapi.json')
    expect(doc.statusCode).toBe(200)
    const spec = doc.json()
    expect(spec.openapi).toMatch(/^3\./)
    expect(spec.paths['/api/health'].get.responses['200']).toBeDefined()
    const docs = await app.inject('/api/docs/')
    expect(docs.statusCode).toBe(200)
    expect(docs.headers['content-type']).toContain('text/html')
  })

  it('compresses large JSON answers for clients that accept brotli', async () => {
    const res = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } })
    expect(res.headers['content-encoding']).toBe('br')
  })
})

describe('errors from routes', () => {
  let app: App

  beforeAll(async () => {
    ;({ app } = await buildTestApp({ BODY_LIMIT_BYTES: '2048' }))
    app.post(
      '/api/test/echo',
      { schema: { body: z.object({ name: z.string().min(2), qty: z.number().int().positive() }) } },
      (req) => req.body,
    )
    app.get('/api/test/conflict', () => {
      throw conflict('cart:availableInTotal', { available: 3 })
    })
    app.get('/api/test/crash', () => {
      throw new Error('database password is hunter2')
    })
    app.get('/api/test/context', (req) => ({ lang: req.lang, session: req.sessionId }))
    await app.ready()
  })
  afterAll(() => app.close())

  it('turns a body that fails its schema into a 400 naming each field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'x', qty: -1 } })
    expect(res.statusCode).toBe(400)
    const body = ErrorBody.parse(res.json())
    expect(body.error.code).toBe('validation_failed')
    const paths = (body.error.details as { issues: { path: string }[] }).issues.map((i) => i.path)
    expect(paths).toEqual(expect.arrayContaining(['body.name', 'body.qty']))
  })

  it('turns malformed JSON into a 400, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "ab", ',
    })
    expect(res.statusCode).toBe(400)
    expect(ErrorBody.safeParse(res.json()).success).toBe(true)
  })

  it('refuses a body over the size limit with 413 in the error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'x'.repeat(5000), qty: 1 },
    })
    expect(res.statusCode).toBe(413)
    expect(ErrorBody.parse(res.json()).error.message).toBe('errors:payloadTooLarge')
  })

  it('passes a thrown HttpError through with its status, message key and details', async () => {
    const res = await app.inject('/api/test/conflict')
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      error: { code: 'conflict', message: 'cart:availableInTotal', details: { available: 3 } },
    })
  })

  it('hides an unexpected failure behind a generic 500 without the stack or message', async () => {
    const res = await app.inject('/api/test/crash')
    expect(res.statusCode).toBe(500)
    expect(res.body).not.toContain('hunter2')
    expect(res.body).not.toContain('at ')
    expect(ErrorBody.parse(res.json()).error.message).toBe('errors:somethingWentWrong')
  })

  it('reads the language and session id headers of every request', async () => {
    const kk = await app.inject({
      url: '/api/test/context',
      headers: { 'accept-language': 'kk', 'x-session-id': 'session_12345678' },
    })
    expect(kk.json()).toEqual({ lang: 'kk', session: 'session_12345678' })
    const odd = await app.inject({ url: '/api/test/context', headers: { 'x-session-id': '<script>' } })
    expect(odd.json()).toEqual({ lang: 'ru', session: null })
  })
})

describe('serving the built PWA', () => {
  let app: App

  beforeAll(async () => {
    ;({ app } = await buildTestApp({ STATIC_DIR: makeStaticDir() }))
    await app.ready()
  })
  afterAll(() => app.close())

  it('answers client routes with index.html, never cached', async () => {
    for (const url of [
      '/',
      '/catalog/smartfony/f/brand/samsung',
      '/astana_kk/p/iphone-15-123',
      '/cart?x=1',
    ]) {
      const res = await app.inject(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain('<div id="root">')
    }
  })

  it('caches hashed assets for a year and serves their precompressed brotli file', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-encoding']).toBe('br')
  })

  it('never lets the browser cache the service worker, the manifest or the build id', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/build.json']) {
      const res = await app.inject(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('keeps a missing asset and an unknown API path as 404s instead of the page', async () => {
    const asset = await app.inject('/assets/missing-123.js')
    expect(asset.statusCode).toBe(404)
    const api = await app.inject('/menu/api/v1/unknown')
    expect(api.statusCode).toBe(404)
    expect(api.headers['content-type']).toContain('application/json')
  })

  it('reports the build id of the shell it serves', async () => {
    const res = await app.inject('/api/health')
    expect(res.json().build_id).toBe('test-build-1')
  })
})
