import { describe, expect, it, vi } from 'vitest'
import { categoryUrl, MenuResponse } from '../../../contract/menu'
import { HttpError } from '../../http/errors'
import type { MenuRepo } from './repo'
import { createMenuService, MENU_BUDGET_MS, normalizeSourceLink } from './service'
import { Snapshot } from './snapshot'

/** A read that the test lets through when it chooses: `release()` answers every read held so far and after. */
function gate() {
  let release = () => {}
  const open = new Promise<void>((resolve) => (release = resolve))
  return { open, release }
}

/**
 * A catalogue of two categories and one brand, counting how often each table and the counts are read.
 * Reads answer at once, or when `tables` (and `counts`) are released: the tests check what the service
 * does while a read is outstanding, not how long a machine takes.
 */
function fakeRepo(tables = () => Promise.resolve(), counts = tables) {
  const calls = { categories: 0, counts: 0 }
  const wait = <T>(value: T) => tables().then(() => value)
  const repo: MenuRepo = {
    categories: () => {
      calls.categories += 1
      return wait([
        {
          id: 1,
          parent_id: null,
          slug: 'tv',
          path: 'tv',
          name_ru: 'ТВ',
          name_kk: 'ТД',
          level: 1,
          sort: 10,
          icon: 'tv',
          image_id: 'category-tv',
          is_service: false,
          item_class: 'side' as const,
        },
        {
          id: 2,
          parent_id: 1,
          slug: 'oled',
          path: 'tv/oled',
          name_ru: 'OLED',
          name_kk: 'OLED',
          level: 2,
          sort: 10,
          icon: 'tv',
          image_id: null,
          is_service: false,
          item_class: 'side' as const,
        },
      ])
    },
    brandCounts: () => wait([{ category_id: 2, brand_id: 1, slug: 'lg', name: 'LG', n: 5 }]),
    brandFilterCategories: () => wait([2]),
    cities: () => wait([]),
    servicePoints: () => wait([]),
    cmsPages: () => wait([]),
    cmsBlocks: () => wait([]),
    fastLinks: () => wait([]),
    promotions: () => wait([]),
    anchors: () => wait([]),
  }
  const orderableCounts = () => {
    calls.counts += 1
    return counts().then(() => [{ category_id: 2, city_id: 1, n: 5 }])
  }
  return { repo, calls, orderableCounts }
}

describe('the menu service', () => {
  it('builds the menus once and answers from memory afterwards', async () => {
    const { repo, calls, orderableCounts } = fakeRepo()
    const menu = createMenuService({ repo, orderableCounts })
    await menu.warm()
    for (let i = 0; i < 50; i++) await menu.menuJson('katalog', 1 + (i % 4), i % 2 ? 'kk' : 'ru')
    expect(calls.categories).toBe(1)
    expect(calls.counts).toBe(1)
    const body = MenuResponse.parse(JSON.parse(await menu.menuJson('katalog', 1, 'ru')))
    expect(body.items[0]).toMatchObject({ title: 'ТВ', product_count: 5 })
    expect(body.items[0]?.children.map((c) => [c.kind, c.url])).toEqual([['category', '/catalog/tv/oled']])
    expect(body.items[0]?.children[0]?.children.map((c) => [c.kind, c.title, c.url])).toEqual([
      ['preset', 'OLED LG', '/catalog/tv/oled/f/brand/lg'],
    ])
    const astana = MenuResponse.parse(JSON.parse(await menu.menuJson('katalog', 2, 'ru')))
    expect(astana.items[0]?.product_count).toBe(0)
  })

  it('does not hold a menu up while the per-city counts are still being computed', async () => {
    const counts = gate()
    const { repo, orderableCounts } = fakeRepo(undefined, () => counts.open)
    const menu = createMenuService({ repo, orderableCounts })
    const first = MenuResponse.parse(JSON.parse(await menu.menuJson('katalog', 1, 'ru')))
    expect(first.items[0]?.product_count).toBeNull()
    counts.release()
    // The counts go in when their read answers, whenever a machine gets to it: asked until they show.
    await vi.waitFor(async () => {
      const later = MenuResponse.parse(JSON.parse(await menu.menuJson('katalog', 1, 'ru')))
      expect(later.items[0]?.product_count).toBe(5)
    })
  })

  it('refreshes in the background once the menus are older than the TTL, still answering at once', async () => {
    let now = 0
    let tables: Promise<void> = Promise.resolve()
    const { repo, calls, orderableCounts } = fakeRepo(() => tables)
    const menu = createMenuService({ repo, orderableCounts, ttlMs: 1000, now: () => now })
    await menu.menuJson('top', 1, 'ru')
    // The refresh's reads are held: an answer that waited for them would never come.
    const held = gate()
    tables = held.open
    now = 2000
    const stale = await menu.menuJson('top', 1, 'ru')
    expect(stale).toContain('/cms/promo')
    expect(calls.categories).toBe(2)
    held.release()
  })

  it('gives up with 503 failedToGetTheMenu when a cold build overruns the one-second budget', async () => {
    // The reads never answer: the service must give up on its own clock, and no sooner than the budget.
    const { repo, orderableCounts } = fakeRepo(() => gate().open)
    const menu = createMenuService({ repo, orderableCounts })
    const started = Date.now()
    const err = await menu.menuJson('katalog', 1, 'ru').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(HttpError)
    expect(err).toMatchObject({ statusCode: 503, message: 'errors:failedToGetTheMenu' })
    expect(Date.now() - started).toBeGreaterThanOrEqual(MENU_BUDGET_MS - 5)
  })

  it('answers 404 for an unknown menu name without touching the database', async () => {
    const { repo, calls, orderableCounts } = fakeRepo()
    const menu = createMenuService({ repo, orderableCounts })
    await expect(menu.menuJson('sidebar', 1, 'ru')).rejects.toMatchObject({ statusCode: 404 })
    expect(calls.categories).toBe(0)
  })
})

describe('a snapshot', () => {
  it('keeps the old value when a refresh fails and loads again on the next call after a failed first load', async () => {
    let now = 0
    let fail = true
    let loads = 0
    const errors: unknown[] = []
    const snapshot = new Snapshot(
      async () => {
        loads += 1
        if (fail) throw new Error('down')
        return loads
      },
      { ttlMs: 10, now: () => now, onError: (e) => errors.push(e) },
    )
    await expect(snapshot.get()).rejects.toThrow('down')
    fail = false
    expect(await snapshot.get()).toBe(2)
    fail = true
    now = 100
    expect(await snapshot.get()).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(errors).toHaveLength(1)
    expect(snapshot.peek()).toBe(2)
  })
})

describe('source links of SEO anchors', () => {
  it.each([
    ['/catalog/smartfony', '/catalog/smartfony'],
    ['/catalog/smartfony/', '/catalog/smartfony'],
    ['/astana/catalog/smartfony?page=2', '/catalog/smartfony'],
    ['/almaty_kk/catalog/smartfony#top', '/catalog/smartfony'],
    ['https://store.example.kz/shymkent_kk/b/apple', '/b/apple'],
    ['/astana_kk', '/'],
    ['/astanaxyz/catalog', '/astanaxyz/catalog'],
    ['/catalog/%D1%82%D0%B2', '/catalog/тв'],
  ])('%s is %s', (from, expected) => expect(normalizeSourceLink(from)).toBe(expected))
})

describe('category URLs', () => {
  it('put filter pairs after /f/ sorted by value, then code', () => {
    expect(categoryUrl('tv/oled')).toBe('/catalog/tv/oled')
    expect(
      categoryUrl('smartfony-i-gadzhety/smartfony', [
        { code: 'color', value: 'black' },
        { code: 'brand', value: 'apple' },
        { code: 'memory', value: '256' },
      ]),
    ).toBe('/catalog/smartfony-i-gadzhety/smartfony/f/memory/256/brand/apple/color/black')
    expect(
      categoryUrl('x', [
        { code: 'b', value: 'same' },
        { code: 'a', value: 'same' },
      ]),
    ).toBe('/catalog/x/f/a/same/b/same')
  })
})
