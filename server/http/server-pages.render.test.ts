import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPageRenderer } from '../../src/entry-server'
import { testApp } from '../test/app'
import { inProcessTransport, type RenderPage, type ServerPage } from './server-pages'
import type { App } from './types'

/** Every city, in Russian and in Kazakh: the address prefix, the city's id, its language. */
const LOCALES = [
  { prefix: '', cityId: 1, lang: 'ru', city: 'Алматы' },
  { prefix: '/almaty_kk', cityId: 1, lang: 'kk', city: 'Алматы' },
  { prefix: '/astana', cityId: 2, lang: 'ru', city: 'Астана' },
  { prefix: '/astana_kk', cityId: 2, lang: 'kk', city: 'Астана' },
  { prefix: '/shymkent', cityId: 3, lang: 'ru', city: 'Шымкент' },
  { prefix: '/shymkent_kk', cityId: 3, lang: 'kk', city: 'Шымкент' },
  { prefix: '/aktobe', cityId: 4, lang: 'ru', city: 'Актобе' },
  { prefix: '/aktobe_kk', cityId: 4, lang: 'kk', city: 'Ақтөбе' },
] as const

/** Texts of the header that differ by language: the search box's placeholder. */
const SEARCH_PLACEHOLDER = { ru: 'Поиск по товарам', kk: 'Тауарларды іздеу' }

const ORIGIN = 'https://store.example.kz'

async function documentOf(page: Extract<ServerPage, { kind: 'page' }>): Promise<string> {
  let html = ''
  for await (const chunk of page.document('<body><div id="root">', '</div></body></html>')) {
    html += Buffer.from(chunk as Uint8Array).toString('utf8')
  }
  return html
}

/** The product's price as its page shows it, in whole tenge. */
function shownPrice(html: string): number {
  const at = html.indexOf('data-testid="product-price"')
  const block = html.slice(at, html.indexOf('₸', at))
  const text = block.slice(block.lastIndexOf('>') + 1)
  return Number(text.replace(/\D/g, ''))
}

describe('pages rendered at the same time', () => {
  let app: App
  let render: RenderPage
  const products: string[] = []

  beforeAll(async () => {
    ;({ app } = await testApp())
    render = createPageRenderer(inProcessTransport(app))
    const listing = await app.inject('/katalog/api/v2/products/category/smartfony?city_id=1&limit=5')
    for (const item of (listing.json() as { payload: { uri: string }[] }).payload) products.push(item.uri)
  })
  afterAll(() => undefined)

  it('each has its own language, city, prices and canonical address', async () => {
    expect(products).toHaveLength(5)
    const prices = new Map<string, number>()
    for (const uri of products) {
      for (const cityId of [1, 2, 3, 4]) {
        const answer = await app.inject(`/katalog/api/v1/products/${uri}?city_id=${cityId}`)
        prices.set(`${uri} ${cityId}`, (answer.json() as { price: number }).price)
      }
    }
    // 40 pages (5 products in 8 city-and-language prefixes), all started before any has finished
    const jobs = products.flatMap((uri) => LOCALES.map((locale) => ({ uri, locale })))
    expect(jobs).toHaveLength(40)
    const controller = new AbortController()
    const pages = await Promise.all(
      jobs.map(async ({ uri, locale }) => {
        const page = await render(`${ORIGIN}${locale.prefix}/p/${uri}`, {
          nonce: 'test-nonce',
          bot: false,
          signal: controller.signal,
        })
        if (page.kind !== 'page') throw new Error(`${locale.prefix}/p/${uri} answered ${page.kind}`)
        return { uri, locale, page, html: await documentOf(page) }
      }),
    )
    for (const { uri, locale, page, html } of pages) {
      const where = `${locale.prefix || '/'} ${uri}`
      expect(page.status, where).toBe(200)
      // rendered whole, with nothing of anyone's own: the server may keep it for the next shopper
      expect(page.cacheable(), where).toBe(true)
      expect(page.lang, where).toBe(locale.lang)
      expect(page.meta.canonical, where).toBe(`${ORIGIN}${locale.prefix}/p/${uri}`)
      expect(html, where).toContain(`placeholder="${SEARCH_PLACEHOLDER[locale.lang]}"`)
      expect(html, where).not.toContain(
        `placeholder="${SEARCH_PLACEHOLDER[locale.lang === 'ru' ? 'kk' : 'ru']}"`,
      )
      expect(html, where).toContain(`data-testid="city-picker"`)
      const picker = html.slice(
        html.indexOf('data-testid="city-picker"'),
        html.indexOf('data-testid="city-picker"') + 600,
      )
      expect(picker, where).toContain(locale.city)
      expect(shownPrice(html), where).toBe(prices.get(`${uri} ${locale.cityId}`))
      // the router's state script carries the page's nonce and its own language's data
      expect(html, where).toContain('<script nonce="test-nonce"')
    }
    // the cities' prices differ somewhere, so a page with another city's prices would have been caught
    expect(new Set(pages.map((p) => shownPrice(p.html))).size).toBeGreaterThan(products.length)
  })

  it('says a page cut short by its time limit, or a missing one, is not to be kept', async () => {
    const missing = await render(`${ORIGIN}/p/no-such-product-anywhere`, {
      nonce: 'n',
      bot: false,
      signal: new AbortController().signal,
    })
    if (missing.kind !== 'page') throw new Error(`a missing product answered ${missing.kind}`)
    await documentOf(missing)
    expect(missing.status).toBe(404)
    expect(missing.cacheable()).toBe(false)

    const controller = new AbortController()
    const cut = await render(`${ORIGIN}/p/${products[0]}`, {
      nonce: 'n',
      bot: false,
      signal: controller.signal,
    })
    if (cut.kind !== 'page') throw new Error(`the product answered ${cut.kind}`)
    controller.abort(new Error('the time limit passed'))
    await documentOf(cut)
    expect(cut.cacheable()).toBe(false)
  })
})
