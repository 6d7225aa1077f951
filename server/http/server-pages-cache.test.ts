import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/connection'
import { rows } from '../db/rows'
import { buildTestApp } from '../test/app'
import type { PageAnswer } from './server-pages'
import { acceptsGzip, PageCache, splitAt, type KeepDocument, type PageKey } from './server-pages-cache'
import type { App } from './types'

const key = (url: string, data = 'v1'): PageKey => ({ url: `https://store.kz${url}`, bot: false, data })
const doc = (nonce: string, text = 'Тоңазытқыш 349 990 ₸') =>
  `<html><head><script nonce="${nonce}" src="/a.js"></script></head><body><main>${text}</main><script nonce="${nonce}">1</script></body></html>`

/** A render as answerPage does it: the page streams, and `keep` hears of the whole document after. */
function renderer(options: { text?: () => string; keepIt?: boolean; delayMs?: number } = {}) {
  let renders = 0
  const render =
    (nonce: string) =>
    async (keep: KeepDocument): Promise<PageAnswer> => {
      renders++
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 5))
      const html = doc(nonce, options.text?.())
      setTimeout(() => keep(options.keepIt === false ? null : Buffer.from(html)), 1)
      return { kind: 'html', status: 200, body: Readable.from([html]), nonce }
    }
  return { render, renders: () => renders }
}

async function htmlOf(answer: Awaited<ReturnType<PageCache['answer']>>): Promise<string> {
  if (answer.kind === 'cached') return gunzipSync(answer.gzip).toString('utf8')
  if (answer.kind !== 'html') throw new Error(`answered ${answer.kind}`)
  let html = ''
  for await (const chunk of answer.body) html += String(chunk)
  return html
}

describe('the page cache', () => {
  it('renders a page asked by many at once one time, and gives each its own nonce', async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 })
    const pages = renderer({ delayMs: 30 })
    const nonces = Array.from({ length: 12 }, (_, i) => `nonce${i}`)
    const answers = await Promise.all(nonces.map((n) => cache.answer(key('/p/tv'), n, pages.render(n))))
    expect(pages.renders()).toBe(1)
    expect(answers.map((a) => ('source' in a ? a.source : undefined)).sort()).toEqual([
      'miss',
      ...Array<string>(11).fill('shared'),
    ])
    for (const [i, answer] of answers.entries()) expect(await htmlOf(answer)).toBe(doc(nonces[i]!))
    // and the next one is a hit
    const next = await cache.answer(key('/p/tv'), 'later', pages.render('later'))
    expect(next.kind === 'cached' && next.source).toBe('hit')
    expect(await htmlOf(next)).toBe(doc('later'))
    expect(pages.renders()).toBe(1)
  })

  it('renders again once the data changed or the time ran out', async () => {
    let now = 0
    let price = '100 ₸'
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000, now: () => now })
    const pages = renderer({ text: () => price })
    expect(await htmlOf(await cache.answer(key('/p/tv', 'v1'), 'a', pages.render('a')))).toContain('100 ₸')
    await cache.settled()
    price = '90 ₸'
    // the same data: kept
    expect(await htmlOf(await cache.answer(key('/p/tv', 'v1'), 'b', pages.render('b')))).toContain('100 ₸')
    // a new catalogue or stock version: rendered anew, and what was kept is let go
    expect(await htmlOf(await cache.answer(key('/p/tv', 'v2'), 'c', pages.render('c')))).toContain('90 ₸')
    expect(pages.renders()).toBe(2)
    await cache.settled()
    price = '80 ₸'
    now = 59_000
    expect(await htmlOf(await cache.answer(key('/p/tv', 'v2'), 'd', pages.render('d')))).toContain('90 ₸')
    now = 61_000
    expect(await htmlOf(await cache.answer(key('/p/tv', 'v2'), 'e', pages.render('e')))).toContain('80 ₸')
  })

  it('keeps no page the render says not to, and lets the next request render its own', async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 })
    const pages = renderer({ keepIt: false, delayMs: 20 })
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((n) => cache.answer(key('/p/x'), n, pages.render(n))),
    )
    for (const answer of answers) expect(answer.kind).toBe('html')
    await cache.answer(key('/p/x'), 'd', pages.render('d'))
    expect(pages.renders()).toBe(4)
    expect(cache.size).toBe(0)

    const failing = async () => Promise.reject(new Error('render failed'))
    await expect(cache.answer(key('/p/y'), 'e', failing)).rejects.toThrow('render failed')
    expect((await cache.answer(key('/p/y'), 'f', pages.render('f'))).kind).toBe('html')
  })

  it('holds no more than its bytes and its entries', async () => {
    const cache = new PageCache({ maxBytes: 60_000, maxEntries: 1_000 })
    for (let i = 0; i < 40; i++) {
      // 5 KB that does not compress
      const text = randomBytes(3_750).toString('base64')
      await cache.answer(key(`/p/${i}`), 'n', renderer({ text: () => text }).render('n'))
      await cache.settled()
      expect(cache.bytes).toBeLessThanOrEqual(60_000)
    }
    expect(cache.size).toBeGreaterThan(5)
    expect(cache.size).toBeLessThan(15)
    const few = new PageCache({ maxBytes: 1_000_000, maxEntries: 3 })
    for (let i = 0; i < 10; i++) await few.answer(key(`/p/${i}`), 'n', renderer().render('n'))
    await few.settled()
    expect(few.size).toBe(3)
  })

  it('keeps nothing when it has no bytes', async () => {
    const cache = new PageCache({ maxBytes: 0 })
    const pages = renderer()
    await cache.answer(key('/p/tv'), 'a', pages.render('a'))
    await cache.settled()
    const again = await cache.answer(key('/p/tv'), 'b', pages.render('b'))
    expect('source' in again && again.source).toBe('off')
    expect(pages.renders()).toBe(2)
  })

  it('splits a document at its nonce and reads Accept-Encoding', () => {
    expect(splitAt(Buffer.from('a-N-b-N-'), Buffer.from('N')).map(String)).toEqual(['a-', '-b-', '-'])
    expect(acceptsGzip('gzip, deflate, br')).toBe(true)
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true)
    expect(acceptsGzip('br, gzip;q=0')).toBe(false)
    expect(acceptsGzip('identity')).toBe(false)
    expect(acceptsGzip(undefined)).toBe(false)
  })
})

const SHELL =
  '<!doctype html><html lang="ru"><head><title>Store</title></head><body><div id="root"><div class="boot">Техно магазин</div></div><script type="module" src="/assets/boot.js"></script></body></html>'

/**
 * A page renderer module as the build writes it: a product page shows the price the catalogue API
 * answers; the renders of each address are counted on globalThis.
 */
const FAKE_RENDERER = `
import { Readable } from 'node:stream'
export function createPageRenderer(transport) {
  return async (url, { nonce }) => {
    const { pathname } = new URL(url)
    const renders = (globalThis.pageCacheRenders ??= {})
    renders[pathname] = (renders[pathname] ?? 0) + 1
    if (pathname === '/cart') return { kind: 'shell' }
    if (pathname === '/boom') throw new Error('render failed')
    if (pathname === '/old') return { kind: 'redirect', status: 307, location: '/new' }
    let text = 'home'
    if (pathname.startsWith('/p/')) {
      const answer = await transport('/katalog/api/v1/products/' + pathname.slice(3) + '?city_id=3', { method: 'GET', headers: { accept: 'application/json' } })
      const product = await answer.json()
      text = 'price ' + product.price + ' stock ' + product.stock
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
    return {
      kind: 'page',
      status: pathname === '/missing' ? 404 : 200,
      meta: {},
      lang: 'ru',
      document: (start, end) => Readable.from([start, '<main>' + text + '</main>', '<script nonce="' + nonce + '">self.s=1</script>', end]),
      cacheable: () => pathname !== '/partial',
    }
  }
}
`

function makeBuild() {
  const root = mkdtempSync(path.join(tmpdir(), 'storefront-page-cache-'))
  mkdirSync(path.join(root, 'dist'))
  mkdirSync(path.join(root, 'dist-ssr'))
  writeFileSync(path.join(root, 'dist', 'index.html'), SHELL)
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), FAKE_RENDERER)
  return path.join(root, 'dist')
}

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
const renders = (pathname: string) =>
  (globalThis as { pageCacheRenders?: Record<string, number> }).pageCacheRenders?.[pathname] ?? 0

describe('pages kept by the server', () => {
  let app: App
  let database: Database
  let product: { id: number; uri: string; price: number } | undefined

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { 'user-agent': BROWSER, ...headers } })
  /**
   * Asks for `url` until the server has kept it; a request meanwhile shares the render in flight. The
   * catalogue index rechecks the stock once more after a change (a new stock generation, so one more
   * render), and on PostgreSQL other test files change the shared catalogue: a miss may come between.
   */
  const untilKept = async (url: string) => {
    for (let i = 0; i < 200; i++) {
      if ((await get(url)).headers['x-page-cache'] === 'hit') return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error(`${url} was never kept`)
  }

  beforeAll(async () => {
    ;({ app, database } = await buildTestApp({ STATIC_DIR: makeBuild(), PAGE_CACHE_MB: '8' }))
    await app.ready()
    ;[product] = await rows<{ id: number; uri: string; price: number }>(
      database.db,
      sql`select p.id, p.uri, pp.price from products p join product_prices pp on pp.product_id = p.id
          and pp.city_id = 3 where p.type = 'regular' order by p.id limit 1`,
    )
  })
  afterAll(() => app.close())

  it('gives a kept page a fresh nonce each time, the one its CSP header names', async () => {
    const seen = new Set<string>()
    for (const [i, encoding] of ['', 'gzip, deflate, br', 'br, gzip'].entries()) {
      const res = await get('/', encoding ? { 'accept-encoding': encoding } : {})
      expect(res.statusCode).toBe(200)
      expect(res.headers['x-page-cache']).toBe(i === 0 ? 'miss' : 'hit')
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1] ?? ''
      expect(nonce).toMatch(/^[\w-]{22}$/)
      expect(seen.has(nonce)).toBe(false)
      seen.add(nonce)
      const html = i > 0 ? gunzipSync(res.rawPayload).toString('utf8') : res.body
      if (i > 0) expect(res.headers['content-encoding']).toBe('gzip')
      // the shell's script and the page's own carry it, and no other nonce is left in the page
      expect(html).toContain(`<script nonce="${nonce}" type="module" src="/assets/boot.js">`)
      expect(html).toContain(`<script nonce="${nonce}">self.s=1</script>`)
      expect(html.match(/nonce="[^"]*"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`])
      // the page is kept once its document has been compressed, a moment after it was sent
      if (i === 0) await untilKept('/')
    }
    expect(renders('/')).toBe(1)
    // a client that takes no gzip gets the kept page plain
    const plain = await get('/')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('<main>home</main>')
  })

  it('shows a price or stock change at once', async () => {
    if (!product) throw new Error('the test catalogue has no product priced in Shymkent')
    const page = `/p/${product.uri}`
    expect((await get(page)).body).toContain(`price ${product.price} `)
    await untilKept(page)
    try {
      await database.db.execute(
        sql`update product_prices set price = 7777777 where product_id = ${product.id} and city_id = 3`,
      )
      await app.catalog.refresh()
      const changed = await get(page)
      expect(changed.headers['x-page-cache']).toBe('miss')
      expect(changed.body).toContain('price 7777777 ')
      await untilKept(page)

      const stocked = /stock (\d+)/.exec(changed.body)?.[1]
      const [point] = await rows<{ id: number }>(
        database.db,
        sql`select sp.id from service_points sp where sp.city_id = 3 and sp.type = 'shop' and sp.is_active
            and not exists (select 1 from stocks s where s.product_id = ${product.id} and s.service_point_id = sp.id)
            order by sp.id limit 1`,
      )
      const pointId = point!.id
      await database.db.execute(
        sql`insert into stocks (product_id, city_id, service_point_id, condition, quantity, pickup_time)
            values (${product.id}, 3, ${pointId}, 'N', 5, 1)`,
      )
      try {
        await app.catalog.refresh()
        const restocked = await get(page)
        expect(restocked.headers['x-page-cache']).toBe('miss')
        expect(/stock (\d+)/.exec(restocked.body)?.[1]).not.toBe(stocked)
      } finally {
        await database.db.execute(
          sql`delete from stocks where product_id = ${product.id} and service_point_id = ${pointId}`,
        )
      }
    } finally {
      await database.db.execute(
        sql`update product_prices set price = ${product.price} where product_id = ${product.id} and city_id = 3`,
      )
      await app.catalog.refresh()
    }
    expect((await get(page)).body).toContain(`price ${product.price} `)
  })

  it('keeps no shopper page, failure, missing page, redirect or page the renderer calls partial', async () => {
    for (const url of ['/cart', '/boom', '/missing', '/old', '/partial']) {
      const first = await get(url)
      const again = await get(url)
      expect(again.statusCode, url).toBe(first.statusCode)
      expect(again.headers['x-page-cache'], url).not.toBe('hit')
      expect(renders(url), url).toBe(2)
    }
  })

  it('renders a page asked for by many at once one time', async () => {
    const answers = await Promise.all(Array.from({ length: 16 }, () => get('/catalog/tv')))
    expect(renders('/catalog/tv')).toBe(1)
    const nonces = new Set(
      answers.map((res) => {
        expect(res.statusCode).toBe(200)
        const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1] ?? ''
        expect(res.body).toContain(`<script nonce="${nonce}">self.s=1</script>`)
        return nonce
      }),
    )
    expect(nonces.size).toBe(16)
    expect(answers.filter((res) => res.headers['x-page-cache'] === 'shared')).toHaveLength(15)
  })

  it('keeps a bot’s page apart from a browser’s', async () => {
    await get('/catalog/fridges')
    const bot = await get('/catalog/fridges', {
      'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    })
    expect(bot.headers['x-page-cache']).toBe('miss')
    expect(renders('/catalog/fridges')).toBe(2)
  })
})
