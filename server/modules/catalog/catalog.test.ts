import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  FiltersResponse,
  Product,
  ProductListResponse,
  ProductShortListResponse,
  type Filter,
  type ProductListItem,
} from '../../../contract/catalog'
import { ErrorBody } from '../../../contract/common'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { IndexHolder } from './index-holder'
import { KIOSK_CODES } from './kiosk-stickers'
import { createCatalogRepo, readCatalogVersions } from './repo'
import { createCatalogService, type CatalogService } from './service'

let app: App
let database: Database
let catalog: CatalogService

beforeAll(async () => {
  ;({ app, database } = await testApp())
  catalog = app.catalog
  // other test files share the database: start from what it holds now
  await catalog.refresh()
})

const V2 = '/katalog/api/v2/products/category'
const V1 = '/katalog/api/v1'
const PHONES = 'smartfony'
const PHONES_PATH = 'smartfony-i-gadzhety/smartfony'

async function get(url: string, lang: 'ru' | 'kk' = 'ru') {
  const res = await app.inject({ url, headers: { 'accept-language': lang } })
  return { status: res.statusCode, body: res.json() as unknown, type: res.headers['content-type'] }
}

async function listing(url: string, lang: 'ru' | 'kk' = 'ru') {
  const res = await get(url, lang)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.type).toBe('application/json; charset=utf-8')
  return ProductListResponse.parse(res.body)
}

async function facets(url: string, lang: 'ru' | 'kk' = 'ru') {
  const res = await get(url, lang)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return FiltersResponse.parse(res.body)
}

/** Every id of a listing, page by page, in its order. */
async function allIds(base: string): Promise<number[]> {
  const ids: number[] = []
  for (let page = 1; ; page++) {
    const body = await listing(`${base}&limit=100&page=${page}`)
    ids.push(...body.payload.map((p) => p.id))
    if (page * 100 >= body.total) return ids
  }
}

async function expectError(url: string, status: number, code?: string) {
  const res = await get(url)
  expect(res.status, `${url} → ${JSON.stringify(res.body)}`).toBe(status)
  const body = ErrorBody.parse(res.body)
  if (code) expect(body.error.code).toBe(code)
  return body.error
}

const ids = (list: { id: number }[]) => list.map((r) => r.id)

/** Products of the phone category that city 1 prices, with what the SQL checks need. */
async function phonesInSql(city = 1) {
  return rows<{
    id: number
    brand: string
    memory: string
    ram: string
    color: string
    nfc: boolean
    price: number
    discount: number
    popularity: number
    created: number
    rating: number
    reviews: number
  }>(
    database.db,
    sql`select p.id, b.slug as brand, p.attributes->>'memory' as memory, p.attributes->>'ram' as ram,
               p.attributes->>'color' as color, (p.attributes->>'nfc')::boolean as nfc, pp.price,
               pp.discount, p.popularity, extract(epoch from p.created_at)::float8 as created,
               p.rating::float8 as rating, p.review_count as reviews
        from products p
        join categories c on c.id = p.category_id
        join product_prices pp on pp.product_id = p.id and pp.city_id = ${city}
        left join brands b on b.id = p.brand_id
        where c.slug = ${PHONES}`,
  )
}

describe('category listing', () => {
  it('lists a category by popularity, 24 a page, with the total of the products the city prices', async () => {
    const body = await listing(`${V2}/${PHONES}?city_id=1`)
    const phones = await phonesInSql()
    expect(body.total).toBe(phones.length)
    expect(body.limit).toBe(24)
    expect(body.page).toBe(1)
    expect(body.layout).toBe('grid')
    expect(body.payload).toHaveLength(Math.min(24, phones.length))
    const expected = phones
      .slice()
      .sort((a, b) => b.popularity - a.popularity || a.id - b.id)
      .slice(0, 24)
      .map((p) => p.id)
    expect(ids(body.payload)).toEqual(expected)
  })

  it('answers the same for the numeric id, the slug and the full path with slashes', async () => {
    const [category] = await rows<{ id: number }>(
      database.db,
      sql`select id from categories where slug = ${PHONES}`,
    )
    const bySlug = await listing(`${V2}/${PHONES}?city_id=2`)
    const byId = await listing(`${V2}/${category!.id}?city_id=2`)
    const byPath = await listing(`${V2}/${PHONES_PATH}?city_id=2`)
    const byEncodedPath = await listing(`${V2}/${encodeURIComponent(PHONES_PATH)}?city_id=2`)
    expect(byId).toEqual(bySlug)
    expect(byPath).toEqual(bySlug)
    expect(byEncodedPath).toEqual(bySlug)
  })

  it('takes the page URL’s /f/ pairs in the path as filters', async () => {
    const inPath = await listing(`${V2}/${PHONES_PATH}/f/memory/256/brand/apple/brand/samsung?city_id=1`)
    const inQuery = await listing(`${V2}/${PHONES}?city_id=1&filters=brand:samsung,brand:apple,memory:256`)
    expect(inPath).toEqual(inQuery)
    const mixed = await listing(`${V2}/${PHONES_PATH}/f/brand/apple?city_id=1&filters=memory:256`)
    expect(mixed.total).toBe(
      (await listing(`${V2}/${PHONES}?city_id=1&filters=brand:apple,memory:256`)).total,
    )
    await expectError(`${V2}/${PHONES_PATH}/f/brand?city_id=1`, 400, 'invalid_filters')
  })

  it('pages through every product exactly once', async () => {
    const phones = await phonesInSql()
    const seen = await allIds(`${V2}/${PHONES}?city_id=1`)
    expect(seen).toHaveLength(phones.length)
    expect(new Set(seen).size).toBe(phones.length)
    const page2 = await listing(`${V2}/${PHONES}?city_id=1&limit=5&page=2`)
    expect(ids(page2.payload)).toEqual(seen.slice(5, 10))
  })

  it('lists a parent category with the products of all its leaves', async () => {
    const [row] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from products p join categories c on c.id = p.category_id
          join product_prices pp on pp.product_id = p.id and pp.city_id = 1
          where c.path like 'smartfony-i-gadzhety/%' or c.path = 'smartfony-i-gadzhety'`,
    )
    const body = await listing(`${V2}/smartfony-i-gadzhety?city_id=1`)
    expect(body.total).toBe(row!.n)
    expect(new Set(body.payload.flatMap((p) => p.categories_ru.slice(0, 1)))).toEqual(
      new Set(['Смартфоны и гаджеты']),
    )
  })

  describe('sorts', () => {
    const cases: [string, (a: Phone, b: Phone) => number][] = [
      ['score', (a, b) => b.popularity - a.popularity || a.id - b.id],
      ['new', (a, b) => b.created - a.created || a.id - b.id],
      ['rating', (a, b) => b.rating - a.rating || b.reviews - a.reviews || a.id - b.id],
      ['discount', (a, b) => b.discount - a.discount || a.id - b.id],
      ['price_asc', (a, b) => a.price - b.price || a.id - b.id],
      ['price_desc', (a, b) => b.price - a.price || a.id - b.id],
    ]
    type Phone = Awaited<ReturnType<typeof phonesInSql>>[number]
    it.each(cases)('by %s with ties broken by id, in the city’s prices', async (sorting, order) => {
      for (const city of [1, 3]) {
        const phones = await phonesInSql(city)
        const listed = await allIds(`${V2}/${PHONES}?city_id=${city}&sorting=${sorting}`)
        expect(listed).toEqual(
          phones
            .slice()
            .sort(order)
            .map((p) => p.id),
        )
      }
    })
  })
})

describe('filters in the listing', () => {
  it('ORs values of one code and ANDs different codes, as SQL counts them', async () => {
    const phones = await phonesInSql()
    const brands = ['samsung', 'apple']
    const memory = '256'
    const expected = phones.filter((p) => brands.includes(p.brand) && p.memory === memory)
    expect(expected.length).toBeGreaterThan(0)
    const body = await listing(
      `${V2}/${PHONES}?city_id=1&limit=100&filters=brand:samsung,brand:apple,memory:256`,
    )
    expect(body.total).toBe(expected.length)
    expect(new Set(ids(body.payload))).toEqual(new Set(expected.map((p) => p.id)))
    for (const item of body.payload) {
      expect(['Samsung', 'Apple']).toContain(item.brand)
      expect(item.short_description.find((d) => d.code === 'memory')?.values[0]?.code).toBe('256')
    }
    const oneBrand = await listing(`${V2}/${PHONES}?city_id=1&filters=brand:samsung,memory:256`)
    expect(oneBrand.total).toBe(expected.filter((p) => p.brand === 'samsung').length)
  })

  it('filters a checkbox and a numeric range', async () => {
    const phones = await phonesInSql()
    const body = await listing(`${V2}/${PHONES}?city_id=1&filters=nfc:true`)
    expect(body.total).toBe(phones.filter((p) => p.nfc).length)
    const [row] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from products p join categories c on c.id = p.category_id
          where c.slug = ${PHONES} and (p.attributes->>'diagonal')::float8 between 6.5 and 6.7`,
    )
    const ranged = await listing(`${V2}/${PHONES}?city_id=1&filters=diagonal:6.5-6.7`)
    expect(ranged.total).toBe(row!.n)
  })

  it('keeps prices within the price filter, in the city’s prices', async () => {
    const phones = await phonesInSql(2)
    const body = await listing(`${V2}/${PHONES}?city_id=2&limit=100&price=100000-300000`)
    expect(body.total).toBe(phones.filter((p) => p.price >= 100_000 && p.price <= 300_000).length)
    for (const item of body.payload) expect(item.price).toBeGreaterThanOrEqual(100_000)
    for (const item of body.payload) expect(item.price).toBeLessThanOrEqual(300_000)
    const openEnded = await listing(`${V2}/${PHONES}?city_id=2&price=300000-`)
    expect(openEnded.total).toBe(phones.filter((p) => p.price >= 300_000).length)
    // the spec's default 0 for the maximum means no maximum
    const zeroMax = await listing(`${V2}/${PHONES}?city_id=2&price=300000-0`)
    expect(zeroMax.total).toBe(openEnded.total)
  })

  it('keeps only products with units at the service point', async () => {
    const [point] = await rows<{ id: number }>(
      database.db,
      sql`select service_point_id as id from stocks s join products p on p.id = s.product_id
          join categories c on c.id = p.category_id
          where c.slug = ${PHONES} and s.city_id = 1 and s.quantity > 0
          group by service_point_id order by count(*) desc limit 1`,
    )
    const expected = await rows<{ id: number }>(
      database.db,
      sql`select distinct p.id from products p join categories c on c.id = p.category_id
          join stocks s on s.product_id = p.id and s.service_point_id = ${point!.id} and s.quantity > 0
          where c.slug = ${PHONES}`,
    )
    const body = await listing(`${V2}/${PHONES}?city_id=1&limit=100&point_id=${point!.id}`)
    expect(body.total).toBe(expected.length)
    expect(new Set(ids(body.payload))).toEqual(new Set(expected.map((r) => r.id)))
    for (const item of body.payload) expect(item.availability).toBe('InStock')
  })
})

describe('facets', () => {
  const base = `${V1}/products/filters?category=${PHONES}&city_id=1`
  const active = 'brand:samsung,brand:apple,memory:256'

  it('counts each option as the listing total with that option added to the other filters', async () => {
    const body = await facets(`${base}&filters=${active}`)
    const total = (await listing(`${V2}/${PHONES}?city_id=1&filters=${active}`)).total
    expect(body.total).toBe(total)
    const activePairs = active.split(',')
    let checked = 0
    for (const filter of body.filters.filter((f) => f.type !== 'range')) {
      for (const option of filter.options) {
        const others = activePairs.filter((p) => !p.startsWith(`${filter.code}:`))
        const url = `${V2}/${PHONES}?city_id=1&filters=${[...others, `${filter.code}:${option.code}`].join(',')}`
        expect(option.count, `${filter.code}:${option.code}`).toBe((await listing(url)).total)
        expect(option.isEnabled).toBe(option.count > 0 || option.isActive)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(20)
  })

  it('marks chosen options active and disables the options that would find nothing', async () => {
    const body = await facets(`${base}&filters=${active}`)
    const brand = body.filters.find((f) => f.code === 'brand')!
    expect(
      brand.options
        .filter((o) => o.isActive)
        .map((o) => o.code)
        .sort(),
    ).toEqual(['apple', 'samsung'])
    const memory = body.filters.find((f) => f.code === 'memory')!
    expect(memory.options.find((o) => o.code === '256')!.isActive).toBe(true)
    const disabled = body.filters.flatMap((f) => f.options).filter((o) => !o.isEnabled)
    for (const o of disabled) expect(o.count).toBe(0)
    expect(new Set(body.filters.map((f) => f.type))).toEqual(
      new Set(['multiselect', 'range', 'checkbox', 'link']),
    )
  })

  it('gives the price bounds of the listing without the price filter, and the chosen ones', async () => {
    const phones = (await phonesInSql(1)).filter((p) => ['samsung', 'apple'].includes(p.brand))
    const prices = phones.map((p) => p.price)
    const plain = await facets(`${base}&filters=brand:samsung,brand:apple`)
    expect(plain.price_range).toEqual({
      min: Math.min(...prices),
      max: Math.max(...prices),
      chosen_min: Math.min(...prices),
      chosen_max: Math.max(...prices),
    })
    const priced = await facets(`${base}&filters=brand:samsung,brand:apple&price=100000-400000`)
    expect(priced.price_range).toEqual({
      min: Math.min(...prices),
      max: Math.max(...prices),
      chosen_min: 100_000,
      chosen_max: 400_000,
    })
    expect(priced.total).toBe(prices.filter((p) => p >= 100_000 && p <= 400_000).length)
    const priceFilter = priced.filters.find((f) => f.code === 'price') as Filter
    expect([priceFilter.min, priceFilter.max, priceFilter.chosen_min, priceFilter.chosen_max]).toEqual([
      Math.min(...prices),
      Math.max(...prices),
      100_000,
      400_000,
    ])
  })

  it('titles filters and options in the request language', async () => {
    const ru = await facets(base, 'ru')
    const kk = await facets(base, 'kk')
    const [row] = await rows<{ title_kk: string; options: { value: string; title_kk: string }[] }>(
      database.db,
      sql`select f.title_kk, f.options from category_filters f join categories c on c.id = f.category_id
          where c.slug = ${PHONES} and f.code = 'color'`,
    )
    const color = kk.filters.find((f) => f.code === 'color')!
    expect(color.title).toBe(row!.title_kk)
    expect(color.options.map((o) => o.title)).toEqual(row!.options.map((o) => o.title_kk))
    expect(ru.filters.find((f) => f.code === 'color')!.title).toBe('Цвет')
  })
})

describe('the two ways of listing and counting', () => {
  it('give the same pages, counts and bounds whether matches are sorted or read off the order', async () => {
    const index = await catalog.index()
    const queries = [
      '',
      '&filters=brand:samsung',
      '&filters=brand:samsung,brand:apple,memory:256',
      '&filters=nfc:true,color:black&price=50000-',
      '&filters=diagonal:6.5-6.8',
    ]
    const answers = async () => {
      const out: unknown[] = []
      for (const q of queries) {
        for (const sorting of ['score', 'price_asc', 'rating']) {
          out.push(
            (await listing(`${V2}/${PHONES}?city_id=2&limit=7&sorting=${sorting}${q}`)).payload.map(
              (p) => p.id,
            ),
          )
        }
        out.push(await facets(`${V1}/products/filters?category=${PHONES}&city_id=2${q}`))
      }
      return out
    }
    const defaults = { ...index.tuning }
    try {
      // sort every listing's matches and walk every set's bits; count options with their bitsets
      index.tuning = { sparseRatio: 0, scanCost: Infinity }
      const ordered = await answers()
      // read every listing and bound off the sorted orders; count options from the value columns
      index.tuning = { sparseRatio: Infinity, scanCost: 0 }
      const sorted = await answers()
      expect(sorted).toEqual(ordered)
    } finally {
      index.tuning = defaults
    }
  })
})

describe('texts, robots and canonical', () => {
  it('speaks Kazakh on request: titles, categories, stickers, meta', async () => {
    const ru = await listing(`${V2}/${PHONES}?city_id=1`, 'ru')
    const kk = await listing(`${V2}/${PHONES}?city_id=1`, 'kk')
    expect(ids(kk.payload)).toEqual(ids(ru.payload))
    const [meta] = await rows<{ meta: { ru: { meta_title: string }; kk: { meta_title: string } } }>(
      database.db,
      sql`select meta from categories where slug = ${PHONES}`,
    )
    expect(ru.meta_data.meta_title).toBe(meta!.meta.ru.meta_title)
    expect(kk.meta_data.meta_title).toBe(meta!.meta.kk.meta_title)
    const titles = await rows<{ id: number; title_ru: string; title_kk: string }>(
      database.db,
      sql`select id, title_ru, title_kk from products where id in ${sql.raw(`(${ids(ru.payload).join(',')})`)}`,
    )
    for (const item of kk.payload) expect(item.title).toBe(titles.find((t) => t.id === item.id)!.title_kk)
    for (const item of ru.payload) expect(item.title).toBe(titles.find((t) => t.id === item.id)!.title_ru)
    expect(kk.payload[0]!.categories).toEqual(['Смартфондар мен гаджеттер', 'Смартфондар'])
    expect(kk.payload[0]!.categories_ru).toEqual(['Смартфоны и гаджеты', 'Смартфоны'])
    // the product's own stickers follow the kiosk's (kiosk-stickers.test.ts), which replace its pre-order one
    const own = (p: ProductListItem) => p.stickers.filter((x) => !KIOSK_CODES.has(x.code))
    const stickered = kk.payload.find((p) => own(p).length > 0)
    expect(stickered).toBeDefined()
    const [s] = await rows<{ stickers: { code: string; text_kk: string }[] }>(
      database.db,
      sql`select stickers from products where id = ${stickered!.id}`,
    )
    expect(own(stickered!).map((x) => x.text)).toEqual(
      s!.stickers.filter((x) => !KIOSK_CODES.has(x.code)).map((x) => x.text_kk),
    )
  })

  it.each([
    ['', 'INDEX,FOLLOW', `/catalog/${PHONES_PATH}`],
    [
      '&filters=brand:samsung,memory:256,brand:apple',
      'NOINDEX, FOLLOW',
      `/catalog/${PHONES_PATH}/f/memory/256/brand/apple/brand/samsung`,
    ],
    ['&price=100000-200000', 'NOINDEX, FOLLOW', `/catalog/${PHONES_PATH}`],
    ['&sorting=price_asc', 'NOINDEX,NOFOLLOW', `/catalog/${PHONES_PATH}`],
    ['&sorting=score', 'INDEX,FOLLOW', `/catalog/${PHONES_PATH}`],
    ['&page=2&limit=5', 'NOINDEX,NOFOLLOW', `/catalog/${PHONES_PATH}`],
    ['&filters=nfc:true&sorting=new', 'NOINDEX,NOFOLLOW', `/catalog/${PHONES_PATH}/f/nfc/true`],
  ])('query "%s" is %s with canonical %s', async (query, robots, canonical) => {
    const body = await listing(`${V2}/${PHONES}?city_id=1${query}`)
    expect(body.robots).toBe(robots)
    expect(body.canonical).toBe(canonical)
  })

  it('names the chosen options in the header of a filtered page', async () => {
    const body = await listing(`${V2}/${PHONES}?city_id=1&filters=brand:apple`)
    expect(body.meta_data.meta_header).toBe('Смартфоны: Apple')
    expect(body.meta_data.meta_title.startsWith('Смартфоны: Apple')).toBe(true)
  })

  it('keeps a service category out of the index even on its plain page', async () => {
    const body = await listing(`${V2}/ustanovka-i-podklyuchenie?city_id=1`)
    expect(body.robots).toBe('NOINDEX, FOLLOW')
    for (const item of body.payload) expect(item.availability).toBe('InStock')
  })
})

describe('bad input', () => {
  it.each([
    ['an unknown filter code', `${V2}/${PHONES}?filters=wheels:4`, 'invalid_filters'],
    ['a code of another category', `${V2}/${PHONES}?filters=no_frost:true`, 'invalid_filters'],
    ['an unknown value', `${V2}/${PHONES}?filters=brand:nokia`, 'invalid_filters'],
    ['a pair without a value', `${V2}/${PHONES}?filters=brand`, 'invalid_filters'],
    ['an empty value', `${V2}/${PHONES}?filters=brand:`, 'invalid_filters'],
    ['a stray comma', `${V2}/${PHONES}?filters=brand:apple,,memory:256`, 'invalid_filters'],
    ['a malformed range', `${V2}/${PHONES}?filters=diagonal:big`, 'invalid_filters'],
    ['a range with min above max', `${V2}/${PHONES}?filters=diagonal:7-6`, 'invalid_filters'],
    ['the price among the filters', `${V2}/${PHONES}?filters=price:1-2`, 'invalid_filters'],
    ['a negative price', `${V2}/${PHONES}?price=-5-100`, 'validation_failed'],
    ['a non-numeric price', `${V2}/${PHONES}?price=cheap`, 'validation_failed'],
    ['a price with min above max', `${V2}/${PHONES}?price=500-100`, 'invalid_price'],
    ['page 0', `${V2}/${PHONES}?page=0`, 'validation_failed'],
    ['a negative page', `${V2}/${PHONES}?page=-1`, 'validation_failed'],
    ['a non-numeric page', `${V2}/${PHONES}?page=two`, 'validation_failed'],
    ['a limit over 100', `${V2}/${PHONES}?limit=101`, 'validation_failed'],
    ['an unknown sorting', `${V2}/${PHONES}?sorting=cheapest`, 'validation_failed'],
    ['a non-numeric city', `${V2}/${PHONES}?city_id=almaty`, 'validation_failed'],
    ['an unknown service point', `${V2}/${PHONES}?point_id=99999`, 'unknown_point'],
    [
      'bad filters on the facets',
      `${V1}/products/filters?category=${PHONES}&filters=wheels:4`,
      'invalid_filters',
    ],
  ])('%s is a 400 naming the problem', async (_what, url, code) => {
    const error = await expectError(url, 400, code)
    expect(error.message).toBe('errors:pleaseVerifyInputData')
    const details = error.details as { issues: { path: string; message: string }[] }
    expect(details.issues.length).toBeGreaterThan(0)
    expect(details.issues[0]!.path).toMatch(/^querystring\./)
    expect(details.issues[0]!.message.length).toBeGreaterThan(3)
  })

  it('answers an unknown city with 404, like an unknown category', async () => {
    const error = await expectError(`${V2}/${PHONES}?city_id=9`, 404, 'city_not_found')
    expect(error.message).toBe('errors:notFound')
  })

  it('names the unknown filter', async () => {
    const error = await expectError(`${V2}/${PHONES}?filters=wheels:4`, 400)
    expect(error.details).toMatchObject({
      filter: 'wheels',
      issues: [
        { path: 'querystring.filters', message: `unknown filter "wheels" for category "${PHONES_PATH}"` },
      ],
    })
  })

  it('refuses a point of another city', async () => {
    const [point] = await rows<{ id: number }>(
      database.db,
      sql`select id from service_points where city_id = 2 limit 1`,
    )
    await expectError(`${V2}/${PHONES}?city_id=1&point_id=${point!.id}`, 400, 'unknown_point')
  })

  it('answers a page past the end with 400 and the last page', async () => {
    const { total } = await listing(`${V2}/${PHONES}?city_id=1&limit=10`)
    const last = Math.ceil(total / 10)
    await listing(`${V2}/${PHONES}?city_id=1&limit=10&page=${last}`)
    const error = await expectError(
      `${V2}/${PHONES}?city_id=1&limit=10&page=${last + 1}`,
      400,
      'page_out_of_range',
    )
    expect((error.details as { last_page: number }).last_page).toBe(last)
  })

  it('answers an empty filtered listing with page 1 and no products', async () => {
    const body = await listing(`${V2}/${PHONES}?city_id=1&price=1-2`)
    expect(body.total).toBe(0)
    expect(body.payload).toEqual([])
    await expectError(`${V2}/${PHONES}?city_id=1&price=1-2&page=2`, 400, 'page_out_of_range')
  })

  it.each([
    ['an unknown category slug', `${V2}/no-such-category`],
    ['an unknown category id', `${V2}/99999`],
    ['an unknown category path', `${V2}/smartfony-i-gadzhety/nothing`],
    ['an unknown category of the short listing', `${V2}/short/no-such-category`],
    ['an unknown category of the facets', `${V1}/products/filters?category=no-such-category`],
    ['an unknown brand', `${V1}/products/brand/no-such-brand`],
    ['an unknown brand’s categories', `${V1}/products/brand/categories/no-such-brand`],
    ['an unknown product', `${V1}/products/no-such-product`],
    ['an unknown product’s about', `${V1}/products/no-such-product/about`],
    ['an unknown product’s certificates', `${V1}/products/certificates/0000000`],
    ['an unknown sku to recommend for', `${V1}/recommend?sku=0000000`],
  ])('%s is a JSON 404', async (_what, url) => {
    const error = await expectError(url, 404, 'not_found')
    expect(error.message).toBe('errors:notFound')
  })
})

describe('short listing', () => {
  it('has the same products in the same order with compact cards', async () => {
    const full = await listing(`${V2}/${PHONES}?city_id=2&sorting=price_desc&limit=10`)
    const res = await get(`${V2}/short/${PHONES}?city_id=2&sorting=price_desc&limit=10`)
    const short = ProductShortListResponse.parse(res.body)
    expect(ids(short.payload)).toEqual(ids(full.payload))
    expect(short.total).toBe(full.total)
    const first = (res.body as { payload: Record<string, unknown>[] }).payload[0]!
    expect(first).not.toHaveProperty('variants')
    expect(first).not.toHaveProperty('short_description')
    expect(short.payload[0]!.price).toBe(full.payload[0]!.price)
  })
})

describe('city-specific price and availability', () => {
  it('gives each city its own price, stock and availability', async () => {
    for (const city of [1, 2, 4]) {
      const body = await listing(`${V2}/${PHONES}?city_id=${city}&limit=100`)
      const facts = await rows<{
        id: number
        price: number
        old_price: number | null
        stock: number
        preorder: boolean
      }>(
        database.db,
        sql`select p.id, pp.price, pp.old_price, p.is_preorder as preorder,
                   coalesce((select sum(quantity) from stocks s where s.product_id = p.id and s.city_id = ${city}), 0)::int as stock
            from products p join product_prices pp on pp.product_id = p.id and pp.city_id = ${city}
            where p.id in ${sql.raw(`(${ids(body.payload).join(',')})`)}`,
      )
      for (const item of body.payload) {
        const fact = facts.find((f) => f.id === item.id)!
        expect(item.price).toBe(fact.price)
        expect(item.old_price).toBe(fact.old_price)
        expect(item.stock).toBe(fact.stock)
        expect(item.availability).toBe(fact.stock > 0 ? 'InStock' : fact.preorder ? 'PreOrder' : 'OutOfStock')
        expect(item.delivery_info.has_fast_delivery).toBe(fact.stock > 0)
        if (city === 4) expect(item.delivery_info.has_express_delivery).toBe(false)
      }
    }
  })

  it('differs between cities where the prices do', async () => {
    const [row] = await rows<{ uri: string; a: number; b: number }>(
      database.db,
      sql`select p.uri, a.price as a, b.price as b from products p
          join product_prices a on a.product_id = p.id and a.city_id = 1
          join product_prices b on b.product_id = p.id and b.city_id = 4
          where a.price <> b.price limit 1`,
    )
    const one = Product.parse((await get(`${V1}/products/${row!.uri}?city_id=1`)).body)
    const four = Product.parse((await get(`${V1}/products/${row!.uri}?city_id=4`)).body)
    expect(one.price).toBe(row!.a)
    expect(four.price).toBe(row!.b)
  })
})

describe('delivery estimate on cards', () => {
  /** 10:00 and 19:30 local time (UTC+5) on 2026-11-20. */
  const MORNING = Date.parse('2026-11-20T10:00:00+05:00')
  const EVENING = Date.parse('2026-11-20T19:30:00+05:00')

  it('collects today in the morning, tomorrow in the evening; express only in Almaty and Astana', async () => {
    const index = await catalog.index()
    const { deliveryInfo } = await import('./delivery')
    const shopStocked = (city: number) =>
      index.records.find(
        (r) =>
          r.type === 'regular' &&
          index.stock.shopStock[city]![r.pos] === 1 &&
          index.stock.minPickupHours[city]![r.pos] === 1,
      )!
    const almaty = shopStocked(0)
    expect(deliveryInfo(index, almaty.pos, 0, MORNING)).toEqual({
      delivery_min_date: '2026-11-21',
      delivery_time: '10:00-22:00',
      pickup_date: '2026-11-20',
      has_express_delivery: true,
      has_fast_delivery: true,
    })
    expect(deliveryInfo(index, almaty.pos, 0, EVENING).pickup_date).toBe('2026-11-21')
    const shymkent = shopStocked(2)
    expect(deliveryInfo(index, shymkent.pos, 2, MORNING).has_express_delivery).toBe(false)
    const digital = index.records.find((r) => r.type === 'digital')!
    expect(deliveryInfo(index, digital.pos, 0, MORNING)).toMatchObject({
      delivery_min_date: '2026-11-20',
      pickup_date: null,
    })
    const nowhere = index.records.find(
      (r) => r.type === 'regular' && !r.isPreorder && index.stock.quantity[3]![r.pos] === 0,
    )
    if (nowhere) {
      expect(deliveryInfo(index, nowhere.pos, 3, MORNING)).toEqual({
        delivery_min_date: null,
        delivery_time: null,
        pickup_date: null,
        has_express_delivery: false,
        has_fast_delivery: false,
      })
    }
  })
})

describe('cached listings and the clock', () => {
  it('answers a listing anew when the local hour turns, as its delivery estimates do', async () => {
    // a service of its own whose clock the test moves (the app's follows the real one)
    const repo = createCatalogRepo(database.db)
    const holder = new IndexHolder(repo, app.log)
    let clock = Date.parse('2026-11-20T10:00:00+05:00')
    const service = createCatalogService({ holder, repo, now: () => clock })
    try {
      const index = await holder.start()
      // a product on page 1 of its category in Almaty, ready for pickup an hour after it is asked for:
      // collected the same day in the morning, the next day after 19:00
      const found = index.categories
        .map((category) => {
          const page = index.list(
            { scope: index.categoryScope(category), city: 0, point: null, filters: [], price: null },
            'score',
            0,
            24,
          ).positions
          const pos = page.find(
            (p) =>
              index.stock.quantity[0]![p]! > 0 &&
              index.stock.minPickupHours[0]![p] === 1 &&
              index.records[p]!.type === 'regular',
          )
          return pos === undefined ? null : { category, id: index.records[pos]!.id }
        })
        .find((f) => f !== null)
      if (!found) throw new Error('the seed has no product ready for pickup within an hour on a page 1')
      const query = { city_id: 1, sorting: 'score' as const, page: 1, limit: 24 }
      const pickup = async () => {
        const body = ProductListResponse.parse(
          JSON.parse((await service.listing(found.category.path, query, 'ru', 'full')).toString()),
        )
        return body.payload.find((p) => p.id === found.id)!.delivery_info.pickup_date
      }
      expect(await pickup()).toBe('2026-11-20')
      clock = Date.parse('2026-11-20T19:30:00+05:00')
      expect(await pickup()).toBe('2026-11-21')
    } finally {
      holder.stop()
    }
  })
})

describe('product page', () => {
  async function someProduct(where = sql`p.type = 'regular'`) {
    const [row] = await rows<{
      id: number
      sku: string
      uri: string
      title_kk: string
      description_kk: string
      variant_group: string
      path: string
    }>(
      database.db,
      sql`select p.id, p.sku, p.uri, p.title_kk, p.description_kk, p.variant_group, c.path
          from products p join categories c on c.id = p.category_id where ${where} order by p.id limit 1`,
    )
    return row!
  }

  it('answers the same by sku and by uri, with texts, specifications and breadcrumbs', async () => {
    const p = await someProduct()
    const bySku = await get(`${V1}/products/${p.sku}?city_id=1`, 'kk')
    const byUri = await get(`${V1}/products/${p.uri}?city_id=1`, 'kk')
    expect(bySku.status).toBe(200)
    expect(byUri.body).toEqual(bySku.body)
    const product = Product.parse(bySku.body)
    expect(product.id).toBe(p.id)
    expect(product.title).toBe(p.title_kk)
    expect(product.description).toBe(p.description_kk)
    expect(product.spec_groups.length).toBeGreaterThan(0)
    expect(product.spec_groups[0]!.items[0]!.title).toBe('Моделі')
    expect(product.category_path).toBe(p.path)
    expect(product.breadcrumbs.at(-1)!.path).toBe(`/catalog/${p.path}`)
    expect(product.canonical).toBe(`/p/${p.uri}`)
  })

  it('gives a service its /p/s/ canonical and a guaranty its product', async () => {
    const service = await someProduct(sql`p.type = 'service'`)
    const body = Product.parse((await get(`${V1}/products/${service.sku}`)).body)
    expect(body.canonical).toBe(`/p/s/${service.sku}`)
    expect(body.availability).toBe('InStock')
    expect(body.reference_product_sku).not.toBeNull()
  })

  it('lists the variants of its model: itself marked current, one product per label', async () => {
    const [group] = await rows<{ variant_group: string }>(
      database.db,
      sql`select variant_group from products group by variant_group
          having count(distinct attributes->>'color') > 1 order by count(*) desc limit 1`,
    )
    const p = await someProduct(sql`p.variant_group = ${group!.variant_group}`)
    const product = Product.parse((await get(`${V1}/products/${p.uri}?city_id=1`)).body)
    expect(product.variants.length).toBeGreaterThan(1)
    expect(product.variants.filter((v) => v.is_current).map((v) => v.sku)).toEqual([p.sku])
    expect(new Set(product.variants.map((v) => v.label)).size).toBe(product.variants.length)
    const skus = product.variants.map((v) => v.sku)
    const members = await rows<{ sku: string }>(
      database.db,
      sql`select sku from products where variant_group = ${group!.variant_group}`,
    )
    for (const sku of skus) expect(members.map((m) => m.sku)).toContain(sku)
  })

  it('gives the about tab and certificates', async () => {
    const p = await someProduct()
    const about = (await get(`${V1}/products/${p.uri}/about`, 'kk')).body as {
      description: string
      sku: string
    }
    expect(about.sku).toBe(p.sku)
    expect(about.description).toBe(p.description_kk)
    const certs = (await get(`${V1}/products/certificates/${p.sku}?city_id=1`)).body as {
      certificates: { id: string; valid_until: string }[]
    }
    expect(certs.certificates.length).toBeGreaterThan(0)
    expect(certs.certificates[0]!.id).toMatch(/^ЕАЭС N RU Д-/)
    expect(certs.certificates[0]!.valid_until).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const again = (await get(`${V1}/products/certificates/${p.sku}?city_id=2`)).body
    expect(again).toEqual(certs)
    const card = await someProduct(sql`p.type = 'certificate'`)
    expect((await get(`${V1}/products/certificates/${card.sku}`)).body).toEqual({
      sku: card.sku,
      certificates: [],
    })
  })
})

describe('brand pages', () => {
  it('lists a brand across categories and counts its categories as SQL does', async () => {
    const counts = await rows<{ id: number; n: number }>(
      database.db,
      sql`select p.category_id as id, count(*)::int as n from products p join brands b on b.id = p.brand_id
          where b.slug = 'samsung' group by p.category_id`,
    )
    const body = (await get(`${V1}/products/brand/categories/samsung`)).body as {
      categories: { id: number; count: number }[]
    }
    expect(new Map(body.categories.map((c) => [c.id, c.count]))).toEqual(
      new Map(counts.map((c) => [c.id, c.n])),
    )
    const res = await get(`${V1}/products/brand/samsung?city_id=1&limit=100`)
    expect(res.status).toBe(200)
    const list = res.body as ProductListItem[] & {
      total: number
      payload: ProductListItem[]
      brand: { name: string }
    }
    expect(list.brand.name).toBe('Samsung')
    expect(list.total).toBe(counts.reduce((n, c) => n + c.n, 0))
    for (const item of list.payload) expect(item.brand).toBe('Samsung')
  })

  it('narrows a brand to a category, where that category’s filters apply', async () => {
    const phones = (await phonesInSql()).filter((p) => p.brand === 'samsung')
    const res = await get(`${V1}/products/brand/samsung?city_id=1&category=${PHONES}&filters=memory:256`)
    expect(res.status).toBe(200)
    expect((res.body as { total: number }).total).toBe(phones.filter((p) => p.memory === '256').length)
    await expectError(`${V1}/products/brand/samsung?filters=memory:256`, 400, 'invalid_filters')
  })
})

describe('recommendations', () => {
  it('fills the home carousels from what each city has, at the 208×208 picture', async () => {
    for (const city of [1, 2, 3, 4]) {
      const body = (await get(`${V1}/recommend?city_id=${city}`)).body as {
        sku: null
        segment: string
        blocks: { code: string; products: (ProductListItem & { image: string })[] }[]
      }
      expect(body.segment).toBe('A')
      expect(body.blocks.map((b) => b.code)).toEqual(['popular', 'new', 'discounted'])
      for (const block of body.blocks) {
        expect(block.products.length, `${block.code} in ${city}`).toBeGreaterThan(0)
        for (const p of block.products) {
          expect(p.image).toBe(`/f3/api/v1/images/208/208/${p.images[0]}.webp`)
          if (block.code !== 'new') expect(p.availability).toBe('InStock')
        }
      }
      const discounted = body.blocks[2]!.products
      for (const p of discounted) expect(p.discount).toBeGreaterThan(0)
      const stock = await rows<{ id: number; n: number }>(
        database.db,
        sql`select product_id as id, sum(quantity)::int as n from stocks where city_id = ${city}
            and product_id in ${sql.raw(`(${body.blocks[0]!.products.map((p) => p.id).join(',')})`)} group by product_id`,
      )
      for (const p of body.blocks[0]!.products) {
        expect(stock.find((s) => s.id === p.id)?.n ?? 0, `${p.id} in ${city}`).toBeGreaterThan(0)
      }
    }
  })

  it('are city-specific: the popular carousel is each city’s own most popular goods in stock', async () => {
    const lists: number[][] = []
    for (const city of [1, 2, 3, 4]) {
      const expected = await rows<{ id: number }>(
        database.db,
        sql`select p.id from products p join product_prices pp on pp.product_id = p.id and pp.city_id = ${city}
            where p.type in ('regular', 'mto')
              and exists (select 1 from stocks s where s.product_id = p.id and s.city_id = ${city} and s.quantity > 0)
            order by p.popularity desc, p.id limit 12`,
      )
      const body = (await get(`/katalog/api/v2/recommendation/popular?city_id=${city}`)).body as {
        code: string
        products: { id: number }[]
      }
      expect(body.code).toBe('popular')
      expect(ids(body.products)).toEqual(expected.map((r) => r.id))
      lists.push(ids(body.products))
    }
    expect(new Set(lists.map((l) => l.join())).size).toBeGreaterThan(1)
  })

  it('recommends similar, accessories and together for a phone', async () => {
    const [phone] = await rows<{ sku: string; id: number }>(
      database.db,
      sql`select p.sku, p.id from products p join categories c on c.id = p.category_id
          where c.slug = ${PHONES} order by p.popularity desc limit 1`,
    )
    const body = (await get(`${V1}/recommend?sku=${phone!.sku}&city_id=1`)).body as {
      sku: string
      blocks: { code: string; title: string; products: ProductListItem[] }[]
    }
    expect(body.sku).toBe(phone!.sku)
    const [similar, accessories, together] = body.blocks
    expect(similar!.code).toBe('similar')
    expect(similar!.products.length).toBeGreaterThan(0)
    for (const p of similar!.products) {
      expect(p.categories_ru.at(-1)).toBe('Смартфоны')
      expect(p.id).not.toBe(phone!.id)
    }
    expect(accessories!.products.length).toBeGreaterThan(0)
    for (const p of accessories!.products)
      expect(['Наушники', 'Смарт-часы', 'Портативные колонки']).toContain(p.categories_ru.at(-1))
    expect(together!.products.some((p) => p.type === 'service' || p.type === 'guaranty')).toBe(true)
    const kk = (await get(`${V1}/recommendation/similar?sku=${phone!.sku}`, 'kk')).body as { title: string }
    expect(kk.title).toBe('Ұқсас тауарлар')
  })

  it('needs a sku for product carousels', async () => {
    await expectError(`${V1}/recommendation/similar?city_id=1`, 400, 'sku_required')
    await expectError(`${V1}/recommendation/unknown?city_id=1`, 400, 'validation_failed')
  })
})

describe('index refresh', () => {
  it('shows a price written to the database once the price sequence moves, in the same index', async () => {
    const [row] = await rows<{ id: number; price: number }>(
      database.db,
      sql`select p.id, pp.price from products p join categories c on c.id = p.category_id
          join product_prices pp on pp.product_id = p.id and pp.city_id = 3
          where c.slug = 'kondicionery' order by p.popularity desc, p.id limit 1`,
    )
    const url = `${V2}/kondicionery?city_id=3&limit=100&sorting=price_desc`
    const before = (await listing(url)).payload.find((p) => p.id === row!.id)!
    expect(before.price).toBe(row!.price)
    const v0 = await readCatalogVersions(database.db)
    const index = await catalog.index()
    try {
      await database.db.execute(
        sql`update product_prices set price = 9999999 where product_id = ${row!.id} and city_id = 3`,
      )
      const v1 = await readCatalogVersions(database.db)
      expect(v1.price).toBeGreaterThan(v0.price)
      await catalog.refresh()
      expect(await catalog.index()).toBe(index)
      const after = await listing(url)
      expect(after.payload[0]!.id).toBe(row!.id)
      expect(after.payload[0]!.price).toBe(9_999_999)
    } finally {
      await database.db.execute(
        sql`update product_prices set price = ${row!.price} where product_id = ${row!.id} and city_id = 3`,
      )
      await catalog.refresh()
    }
    expect((await listing(url)).payload.find((p) => p.id === row!.id)!.price).toBe(row!.price)
  })

  it('answers a listing and its facets anew once a stock change is loaded', async () => {
    const [point] = await rows<{ id: number }>(
      database.db,
      sql`select id from service_points where city_id = 1 and type = 'shop' and is_active order by id limit 1`,
    )
    const [phone] = await rows<{ id: number }>(
      database.db,
      sql`select p.id from products p join categories c on c.id = p.category_id
          join product_prices pp on pp.product_id = p.id and pp.city_id = 1
          where c.slug = ${PHONES} and p.type = 'regular'
            and not exists (select 1 from stocks s where s.product_id = p.id and s.service_point_id = ${point!.id})
          order by p.id limit 1`,
    )
    const url = `${V2}/${PHONES}?city_id=1&limit=100&point_id=${point!.id}&sorting=new`
    const facetsUrl = `${V1}/products/filters?category=${PHONES}&city_id=1&point_id=${point!.id}`
    const before = await listing(url)
    const facetsBefore = await facets(facetsUrl)
    expect(ids(before.payload)).not.toContain(phone!.id)
    try {
      await database.db.execute(
        sql`insert into stocks (product_id, city_id, service_point_id, condition, quantity, pickup_time)
            values (${phone!.id}, 1, ${point!.id}, 'N', 2, 1)`,
      )
      await catalog.refresh()
      const after = await listing(url)
      expect(after.total).toBe(before.total + 1)
      expect(ids(after.payload)).toContain(phone!.id)
      expect((await facets(facetsUrl)).total).toBe(facetsBefore.total + 1)
    } finally {
      await database.db.execute(
        sql`delete from stocks where product_id = ${phone!.id} and service_point_id = ${point!.id}`,
      )
      await catalog.refresh()
    }
    expect((await listing(url)).total).toBe(before.total)
    expect(await facets(facetsUrl)).toEqual(facetsBefore)
  })

  it('counts product pictures as catalogue changes, not content pictures', async () => {
    const version = async () =>
      (await rows<{ v: number }>(database.db, sql`select version::float8 as v from catalog_version`))[0]!.v
    const [product] = await rows<{ id: number }>(
      database.db,
      sql`select id from products order by id limit 1`,
    )
    try {
      const v0 = await version()
      await database.db.execute(
        sql`insert into images (id, kind, color) values ('catalog-test-banner', 'banner', '#000000')`,
      )
      expect(await version()).toBe(v0)
      await database.db.execute(
        sql`insert into images (id, product_id, position, kind, color)
            values ('catalog-test-picture', ${product!.id}, 99, 'generic', '#000000')`,
      )
      expect(await version()).toBe(v0 + 1)
    } finally {
      await database.db.execute(
        sql`delete from images where id in ('catalog-test-banner', 'catalog-test-picture')`,
      )
    }
  })

  it('picks a stock change up by itself within a few seconds', async () => {
    const [row] = await rows<{ id: number; uri: string }>(
      database.db,
      sql`select p.id, p.uri from products p join categories c on c.id = p.category_id
          where c.slug = 'fotoapparaty' and p.type = 'regular'
            and not exists (select 1 from stocks s where s.product_id = p.id and s.city_id = 4)
          order by p.id limit 1`,
    )
    if (!row) throw new Error('the seed has no camera out of stock in Aktobe')
    const [point] = await rows<{ id: number }>(
      database.db,
      sql`select id from service_points where city_id = 4 and type = 'shop' and is_active order by id limit 1`,
    )
    const page = async () => Product.parse((await get(`${V1}/products/${row.uri}?city_id=4`)).body)
    expect((await page()).availability).not.toBe('InStock')
    try {
      await database.db.execute(
        sql`insert into stocks (product_id, city_id, service_point_id, condition, quantity, pickup_time)
            values (${row.id}, 4, ${point!.id}, 'N', 3, 1)`,
      )
      await expect.poll(async () => (await page()).stock, { timeout: 15_000, interval: 500 }).toBe(3)
      expect((await page()).availability).toBe('InStock')
    } finally {
      await database.db.execute(
        sql`delete from stocks where product_id = ${row.id} and city_id = 4 and service_point_id = ${point!.id}`,
      )
    }
    await expect.poll(async () => (await page()).stock, { timeout: 15_000, interval: 500 }).toBe(0)
  })
})
