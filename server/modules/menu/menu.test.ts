import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../../contract/common'
import {
  AnchorsResponse,
  BreadcrumbsResponse,
  categoryUrl,
  CitiesResponse,
  CmsBlocksResponse,
  FastLinksResponse,
  MenuResponse,
  PromotionsResponse,
  ServicePointsResponse,
  type MenuItem,
} from '../../../contract/menu'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'

let app: App
let database: Database

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

const get = (url: string, lang = 'ru') => app.inject({ url, headers: { 'accept-language': lang } })

async function menu(name: string, city = 1, lang = 'ru') {
  const res = await get(`/menu/api/v1/menu/${name}?city_id=${city}`, lang)
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  return MenuResponse.parse(res.json())
}

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [i, ...flatten(i.children)])
}

function expectError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status)
  expect(ErrorBody.parse(res.json()).error.code).toBeTruthy()
}

describe('GET /menu/api/v1/menu/katalog', () => {
  it('is the category tree from the roots, with item classes and catalogue URLs', async () => {
    const body = await menu('katalog')
    const categories = await rows<{
      id: number
      parent_id: number | null
      path: string
      item_class: string
      level: number
    }>(database.db, sql`select id, parent_id, path, item_class, level from categories order by id`)
    expect(body.items.map((i) => i.category_id).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      categories.filter((c) => c.parent_id === null).map((c) => c.id),
    )
    const items = flatten(body.items).filter((i) => i.kind === 'category')
    expect(items).toHaveLength(categories.length)
    for (const item of items) {
      const row = categories.find((c) => c.id === item.category_id)
      expect(item).toMatchObject({
        url: `/catalog/${row?.path}`,
        item_class: row?.item_class,
        level: row?.level,
      })
      expect(item.image_id).toMatch(/^category-/)
    }
    expect(new Set(items.map((i) => i.item_class))).toEqual(new Set(['side', 'bottom', 'other']))
    expect(Math.max(...items.map((i) => i.level))).toBe(3)
  })

  it('has brand presets with filter pairs and the derived filter URL', async () => {
    const body = await menu('katalog')
    const smartphones = flatten(body.items).find((i) => i.slug === 'smartfony' && i.kind === 'category')
    const presets = smartphones?.children.filter((c) => c.kind === 'preset') ?? []
    expect(presets.length).toBeGreaterThan(0)
    const [topBrand] = await rows<{ slug: string; name: string }>(
      database.db,
      sql`select b.slug, b.name from products p join brands b on b.id = p.brand_id
            join categories c on c.id = p.category_id
           where c.slug = 'smartfony' group by b.id, b.slug, b.name order by count(*) desc, b.id limit 1`,
    )
    expect(presets[0]).toMatchObject({
      title: `Смартфоны ${topBrand?.name}`,
      filters: [{ code: 'brand', value: topBrand?.slug }],
      url: `/catalog/smartfony-i-gadzhety/smartfony/f/brand/${topBrand?.slug}`,
      level: 3,
    })
  })

  it('is in Kazakh for a Kazakh request', async () => {
    const ru = await menu('katalog', 1, 'ru')
    const kk = await menu('katalog', 1, 'kk')
    expect(ru.items[0]?.title).toBe('Смартфоны и гаджеты')
    expect(kk.items[0]?.title).toBe('Смартфондар мен гаджеттер')
    expect(kk.items[0]?.url).toBe(ru.items[0]?.url)
  })

  it('counts the products a shopper of the city can order', async () => {
    const counts = await rows<{ city_id: number; n: number }>(
      database.db,
      sql`select c.id as city_id, count(p.id)::int as n from cities c
            join products p on p.category_id = (select id from categories where slug = 'smartfony')
           where exists (select 1 from stocks s where s.product_id = p.id and s.city_id = c.id and s.quantity > 0)
              or p.is_preorder
           group by c.id order by c.id`,
    )
    const countIn = async (city: number) => {
      // counts are computed in the background after a start; until then they are null
      for (let attempt = 0; attempt < 50; attempt++) {
        const body = await menu('katalog', city)
        expect(body.city_id).toBe(city)
        const count = flatten(body.items).find(
          (i) => i.slug === 'smartfony' && i.kind === 'category',
        )?.product_count
        if (count !== null && count !== undefined) return count
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      return -1
    }
    const found: number[] = []
    for (const city of [1, 2, 3, 4]) found.push(await countIn(city))
    expect(found).toEqual([1, 2, 3, 4].map((id) => counts.find((c) => c.city_id === id)?.n ?? 0))
    expect(new Set(found).size).toBeGreaterThan(1)
  })
})

describe('GET /menu/api/v1/menu/footer and top', () => {
  it('gives link groups and links to the content pages in both languages', async () => {
    const footer = await menu('footer')
    expect(footer.items.every((i) => i.kind === 'group' && i.children.length > 0)).toBe(true)
    const urls = flatten(footer.items).map((i) => i.url)
    for (const url of [
      '/cms/delivery',
      '/cms/payment',
      '/cms/warranty',
      '/cms/about',
      '/cms/contacts',
      '/cms/promo',
    ])
      expect(urls).toContain(url)
    const catalog = footer.items.find((i) => i.id === 'group-catalog')
    expect(catalog?.children.some((c) => c.url === '/catalog/bytovaya-tehnika')).toBe(true)

    const top = await menu('top', 2, 'kk')
    expect(top.items.map((i) => i.title)).toContain('Жеткізу')
    expect(top.items.find((i) => i.url === '/cms/delivery')?.title).toBe('Жеткізу')
  })

  it('answers 404 for a menu or a city it does not have and 400 for a malformed city', async () => {
    expectError(await get('/menu/api/v1/menu/sidebar'), 404)
    expectError(await get('/menu/api/v1/menu/katalog?city_id=5'), 404)
    expectError(await get('/menu/api/v1/menu/katalog?city_id=almaty'), 400)
  })
})

describe('GET /menu/api/v1/menu/breadcrumbs/categories/{name}', () => {
  it('lists the crumbs from the root by slug, by path and by id', async () => {
    const bySlug = BreadcrumbsResponse.parse(
      (await get('/menu/api/v1/menu/breadcrumbs/categories/holodilniki')).json(),
    )
    expect(bySlug.breadcrumbs.map((c) => c.title)).toEqual([
      'Бытовая техника',
      'Крупная бытовая техника',
      'Холодильники',
    ])
    expect(bySlug.breadcrumbs.map((c) => c.url)).toEqual([
      '/catalog/bytovaya-tehnika',
      '/catalog/bytovaya-tehnika/krupnaya-bytovaya-tehnika',
      '/catalog/bytovaya-tehnika/krupnaya-bytovaya-tehnika/holodilniki',
    ])
    const byPath = await get(
      `/menu/api/v1/menu/breadcrumbs/categories/${encodeURIComponent('bytovaya-tehnika/krupnaya-bytovaya-tehnika/holodilniki')}`,
      'kk',
    )
    expect(BreadcrumbsResponse.parse(byPath.json()).breadcrumbs.map((c) => c.title)).toEqual([
      'Тұрмыстық техника',
      'Ірі тұрмыстық техника',
      'Тоңазытқыштар',
    ])
    const byId = BreadcrumbsResponse.parse(
      (await get(`/menu/api/v1/menu/breadcrumbs/categories/${bySlug.category_id}`)).json(),
    )
    expect(byId).toEqual(bySlug)
  })

  it('answers 404 for an unknown category', async () => {
    expectError(await get('/menu/api/v1/menu/breadcrumbs/categories/no-such-category'), 404)
  })
})

describe('GET /menu/api/v1/cms-blocks', () => {
  it('gives the home banners with the picture of the language and a link', async () => {
    const ru = CmsBlocksResponse.parse((await get('/menu/api/v1/cms-blocks?slug=home-banners')).json())
    const kk = CmsBlocksResponse.parse((await get('/menu/api/v1/cms-blocks?slug=home-banners', 'kk')).json())
    expect(ru.blocks.length).toBeGreaterThanOrEqual(5)
    expect(ru.blocks.every((b) => b.type === 'banner' && b.link && b.image_id)).toBe(true)
    expect(ru.blocks[0]).toMatchObject({ image_id: 'banner-1', title: 'Скидки до 30% на смартфоны' })
    expect(kk.blocks[0]).toMatchObject({
      image_id: 'banner-1-kk',
      title: 'Смартфондарға 30%-ға дейін жеңілдік',
    })
    // the pictures exist for the image service
    const ids = ru.blocks
      .flatMap((b) => [b.image_id, b.image_id_mobile])
      .concat(kk.blocks.map((b) => b.image_id))
    const [found] = await rows<{ n: number }>(
      database.db,
      sql`select count(distinct id)::int as n from images where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    expect(found?.n).toBe(new Set(ids).size)
  })

  it('leaves out blocks of other cities', async () => {
    const almaty = CmsBlocksResponse.parse(
      (await get('/menu/api/v1/cms-blocks?slug=home-banners&city_id=1')).json(),
    )
    const aktobe = CmsBlocksResponse.parse(
      (await get('/menu/api/v1/cms-blocks?slug=home-banners&city_id=4')).json(),
    )
    expect(almaty.blocks.map((b) => b.title)).toContain('Собери свой игровой ПК')
    expect(aktobe.blocks.map((b) => b.title)).not.toContain('Собери свой игровой ПК')
    expect(aktobe.blocks.length).toBe(almaty.blocks.length - 1)
  })

  it('has the content pages in Russian and Kazakh, the delivery page written from the delivery rules', async () => {
    for (const slug of ['about', 'delivery', 'payment', 'warranty', 'contacts', 'promo']) {
      const ru = CmsBlocksResponse.parse((await get(`/menu/api/v1/cms-blocks?slug=${slug}`)).json())
      const kk = CmsBlocksResponse.parse((await get(`/menu/api/v1/cms-blocks?slug=${slug}`, 'kk')).json())
      expect(ru.blocks.length).toBeGreaterThan(0)
      expect(ru.title).not.toBe(kk.title)
      expect(ru.blocks[0]?.text).not.toBe(kk.blocks[0]?.text)
      expect(ru.meta_description.length).toBeGreaterThan(20)
    }
    const delivery = CmsBlocksResponse.parse((await get('/menu/api/v1/cms-blocks?slug=delivery')).json())
    const almaty = delivery.blocks.find((b) => b.title === 'Алматы')
    const [express] = await rows<{ cost: number; cutoff_hour: number }>(
      database.db,
      sql`select cost, cutoff_hour from delivery_rules where city_id = 1 and kind = 'express'`,
    )
    expect(almaty?.text).toContain(`до ${express?.cutoff_hour}:00`)
    expect(almaty?.text).toContain(`${String(express?.cost).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} ₸`)
    expect(delivery.blocks.find((b) => b.title === 'Актобе')?.text).not.toContain('Экспресс')
  })

  it('answers 404 for an unknown page and 400 without a slug', async () => {
    expectError(await get('/menu/api/v1/cms-blocks?slug=no-such-page'), 404)
    expectError(await get('/menu/api/v1/cms-blocks'), 400)
  })
})

describe('GET /menu/api/v1/cities', () => {
  it('lists the four cities with every field of the spec', async () => {
    const res = await get('/menu/api/v1/cities')
    const cities = CitiesResponse.parse(res.json())
    expect(cities.map((c) => [c.city_id, c.slug])).toEqual([
      [1, 'almaty'],
      [2, 'astana'],
      [3, 'shymkent'],
      [4, 'aktobe'],
    ])
    expect(cities[3]).toMatchObject({
      city_name: { En: 'Aktobe', Kz: 'Ақтөбе', Ru: 'Актобе' },
      city_code: 'AKX',
    })
    expect(cities[0]?.last_update).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(cities[0]?.city_1c_guid).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('GET /menu/api/v1/service_points/query', () => {
  it('filters by city and type and leaves closed points out unless asked', async () => {
    const shops = ServicePointsResponse.parse(
      (await get('/menu/api/v1/service_points/query?city_id=2&type=shop')).json(),
    )
    expect(shops.length).toBeGreaterThan(0)
    expect(shops.every((p) => p.cityId === 2 && p.type === 'shop' && p.isActive)).toBe(true)

    const active = ServicePointsResponse.parse(
      (await get('/menu/api/v1/service_points/query?city_id=2')).json(),
    )
    const all = ServicePointsResponse.parse(
      (await get('/menu/api/v1/service_points/query?city_id=2&include_inactive=true')).json(),
    )
    const [counts] = await rows<{ total: number; active: number }>(
      database.db,
      sql`select count(*)::int as total, count(*) filter (where is_active)::int as active
            from service_points where city_id = 2`,
    )
    expect(active).toHaveLength(counts?.active ?? -1)
    expect(all).toHaveLength(counts?.total ?? -1)
    expect(all.some((p) => !p.isActive)).toBe(true)

    const everywhere = ServicePointsResponse.parse(
      (await get('/menu/api/v1/service_points/query?type=pickup_point')).json(),
    )
    expect(new Set(everywhere.map((p) => p.cityId))).toEqual(new Set([1, 2, 3, 4]))
  })

  it('gives titles and addresses in the language of the request', async () => {
    const kk = ServicePointsResponse.parse(
      (await get('/menu/api/v1/service_points/query?city_id=4&type=shop', 'kk')).json(),
    )
    expect(kk[0]?.address).toMatch(/^Ақтөбе қ\./)
    expect(kk[0]?.weeklyWorkHours.monday).toBe('10:00-22:00')
  })

  it('refuses an unknown type with 400 and an unknown city with 404', async () => {
    expectError(await get('/menu/api/v1/service_points/query?type=warehouse'), 400)
    expectError(await get('/menu/api/v1/service_points/query?city_id=0'), 404)
  })
})

describe('GET /menu/api/v1/promotions', () => {
  it('lists the promotions running now, by city', async () => {
    const all = PromotionsResponse.parse((await get('/menu/api/v1/promotions')).json())
    const now = Date.now()
    expect(all.length).toBeGreaterThan(0)
    for (const p of all) {
      expect(Date.parse(p.starts_at)).toBeLessThanOrEqual(now)
      expect(Date.parse(p.ends_at)).toBeGreaterThanOrEqual(now)
      expect(p.is_active).toBe(true)
    }
    expect(all.map((p) => p.slug)).not.toContain('spring-sale')
    const aktobe = PromotionsResponse.parse((await get('/menu/api/v1/promotions?city_id=4')).json())
    expect(all.map((p) => p.slug)).toContain('gaming-pc')
    expect(aktobe.map((p) => p.slug)).not.toContain('gaming-pc')
    expect(aktobe.every((p) => p.city_ids.includes(4))).toBe(true)
  })

  it('includes finished and future ones on request, marked inactive, and speaks Kazakh', async () => {
    const all = PromotionsResponse.parse(
      (await get('/menu/api/v1/promotions?include_inactive=true', 'kk')).json(),
    )
    const spring = all.find((p) => p.slug === 'spring-sale')
    expect(spring).toMatchObject({ is_active: false, title: 'Көктемгі жәрмеңке' })
    expect(all.find((p) => p.slug === 'new-year-2031')?.is_active).toBe(false)
  })
})

describe('GET /menu/api/v1/fast-links', () => {
  it('gives the links of the platform and city with both pictures', async () => {
    const desktop = FastLinksResponse.parse(
      (await get('/menu/api/v1/fast-links?city_id=1&platform=desktop')).json(),
    )
    const phone = FastLinksResponse.parse(
      (await get('/menu/api/v1/fast-links?city_id=1&platform=m_web')).json(),
    )
    expect(desktop.every((l) => l.platform !== 'm_web')).toBe(true)
    expect(phone.every((l) => l.platform !== 'desktop')).toBe(true)
    expect(desktop.map((l) => l.title)).toContain('Собрать ПК')
    expect(phone.map((l) => l.title)).not.toContain('Собрать ПК')
    expect(phone.map((l) => l.title)).toContain('Услуги')
    const aktobe = FastLinksResponse.parse(
      (await get('/menu/api/v1/fast-links?city_id=4&platform=desktop')).json(),
    )
    expect(aktobe.map((l) => l.title)).not.toContain('Собрать ПК')
    expect(desktop[0]?.image).toEqual({ desktop: 'fastlink-1', m_web: 'fastlink-1-m' })
    expect(desktop[0]?.redirect_link).toBe(categoryUrl('smartfony-i-gadzhety/smartfony'))
    const image = await app.inject({ url: `/f3/api/v1/images/88/88/${desktop[0]?.image.m_web}.webp` })
    expect(image.statusCode).toBe(200)
    const kk = FastLinksResponse.parse((await get('/menu/api/v1/fast-links', 'kk')).json())
    expect(kk[0]?.title).toBe('Смартфондар')
    expectError(await get('/menu/api/v1/fast-links?platform=tv'), 400)
  })
})

describe('POST /menu/api/v1/anchors', () => {
  const anchors = async (from: unknown, lang = 'ru') => {
    const res = await app.inject({
      method: 'POST',
      url: '/menu/api/v1/anchors',
      payload: { from } as object,
      headers: { 'accept-language': lang },
    })
    expect(res.statusCode).toBe(200)
    return AnchorsResponse.parse(res.json())
  }

  it('gives the anchor links of a listing, whatever its prefix, query or filters', async () => {
    const plain = await anchors('/catalog/smartfony-i-gadzhety/smartfony')
    expect(plain.length).toBeGreaterThan(2)
    expect(plain.some((a) => a.url.startsWith('/catalog/smartfony-i-gadzhety/smartfony/f/brand/'))).toBe(true)
    expect(plain.map((a) => a.url)).toContain('/catalog/smartfony-i-gadzhety/planshety')
    expect(
      await anchors('https://store.example.kz/astana_kk/catalog/smartfony-i-gadzhety/smartfony/?page=2'),
    ).toEqual(plain)
    expect(await anchors('/astana/catalog/smartfony-i-gadzhety/smartfony/f/brand/apple')).toEqual(plain)
    const kk = await anchors('/catalog/smartfony-i-gadzhety/smartfony', 'kk')
    expect(kk.map((a) => a.url)).toEqual(plain.map((a) => a.url))
    expect(kk.find((a) => a.url.endsWith('/planshety'))?.title).toBe('Планшеттер')
  })

  it('links a brand page to the brand’s categories', async () => {
    const apple = await anchors('/b/apple')
    expect(apple.length).toBeGreaterThan(0)
    expect(apple.every((a) => a.url.endsWith('/f/brand/apple') && a.title.includes('Apple'))).toBe(true)
  })

  it('has none for a page without anchors and refuses a body without `from`', async () => {
    expect(await anchors('/cart')).toEqual([])
    expectError(await app.inject({ method: 'POST', url: '/menu/api/v1/anchors', payload: {} }), 400)
  })
})
