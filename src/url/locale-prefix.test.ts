import { describe, expect, it } from 'vitest'
import {
  DEFAULT_LOCALE,
  isCanonicalPrefix,
  localizePath,
  parsePrefix,
  prefixFor,
  splitPathname,
  switchLocaleHref,
} from './locale-prefix'

describe('parsePrefix', () => {
  it('reads no prefix as Almaty in Russian', () => {
    expect(parsePrefix(undefined)).toEqual({ citySlug: 'almaty', cityId: 1, lang: 'ru' })
    expect(parsePrefix('')).toEqual(DEFAULT_LOCALE)
  })

  it('reads a city slug as that city in Russian', () => {
    expect(parsePrefix('astana')).toEqual({ citySlug: 'astana', cityId: 2, lang: 'ru' })
    expect(parsePrefix('shymkent')).toEqual({ citySlug: 'shymkent', cityId: 3, lang: 'ru' })
    expect(parsePrefix('aktobe')).toEqual({ citySlug: 'aktobe', cityId: 4, lang: 'ru' })
  })

  it('reads the _kk suffix as Kazakh, for the default city too', () => {
    expect(parsePrefix('almaty_kk')).toEqual({ citySlug: 'almaty', cityId: 1, lang: 'kk' })
    expect(parsePrefix('aktobe_kk')).toEqual({ citySlug: 'aktobe', cityId: 4, lang: 'kk' })
  })

  it('refuses unknown cities, unknown languages and other spellings', () => {
    for (const bad of [
      'karaganda',
      'kk',
      '_kk',
      'astana_ru',
      'astana_en',
      'Astana',
      'catalog',
      'astana_kk_kk',
    ]) {
      expect(parsePrefix(bad), bad).toBeNull()
    }
  })
})

describe('prefixFor', () => {
  it('omits the prefix only for Almaty in Russian', () => {
    expect(prefixFor({ citySlug: 'almaty', lang: 'ru' })).toBeUndefined()
    expect(prefixFor({ citySlug: 'almaty', lang: 'kk' })).toBe('almaty_kk')
    expect(prefixFor({ citySlug: 'shymkent', lang: 'ru' })).toBe('shymkent')
    expect(prefixFor({ citySlug: 'astana', lang: 'kk' })).toBe('astana_kk')
  })

  it('round-trips with parsePrefix for every city and language', () => {
    for (const citySlug of ['almaty', 'astana', 'shymkent', 'aktobe'] as const) {
      for (const lang of ['ru', 'kk'] as const) {
        expect(parsePrefix(prefixFor({ citySlug, lang }))).toMatchObject({ citySlug, lang })
      }
    }
  })

  it('knows /almaty/... is not the canonical address of an Almaty page in Russian', () => {
    expect(isCanonicalPrefix('almaty')).toBe(false)
    expect(isCanonicalPrefix(undefined)).toBe(true)
    expect(isCanonicalPrefix('astana')).toBe(true)
    expect(isCanonicalPrefix('almaty_kk')).toBe(true)
    expect(isCanonicalPrefix('nowhere')).toBe(false)
  })
})

describe('splitPathname and localizePath', () => {
  it('splits the prefix from the page path', () => {
    expect(splitPathname('/astana_kk/p/iphone-15')).toMatchObject({
      locale: { citySlug: 'astana', lang: 'kk' },
      prefix: 'astana_kk',
      rest: '/p/iphone-15',
    })
    expect(splitPathname('/astana')).toMatchObject({ prefix: 'astana', rest: '/' })
  })

  it('treats a first segment that is not a prefix as part of the page path', () => {
    expect(splitPathname('/catalog/smartfony')).toEqual({
      locale: DEFAULT_LOCALE,
      prefix: undefined,
      rest: '/catalog/smartfony',
    })
    expect(splitPathname('/')).toMatchObject({ prefix: undefined, rest: '/' })
  })

  it('puts a page path under a prefix without a trailing slash for the home page', () => {
    expect(localizePath('/catalog', { citySlug: 'almaty', lang: 'ru' })).toBe('/catalog')
    expect(localizePath('/catalog', { citySlug: 'astana', lang: 'ru' })).toBe('/astana/catalog')
    expect(localizePath('/', { citySlug: 'almaty', lang: 'kk' })).toBe('/almaty_kk')
    expect(localizePath('/', { citySlug: 'almaty', lang: 'ru' })).toBe('/')
    expect(localizePath('cart', { citySlug: 'aktobe', lang: 'kk' })).toBe('/aktobe_kk/cart')
  })
})

describe('switchLocaleHref', () => {
  it('switches the language and keeps the city, the path and the query', () => {
    expect(switchLocaleHref('/catalog/televizory?sorting=rating&page=2', { lang: 'kk' })).toBe(
      '/almaty_kk/catalog/televizory?sorting=rating&page=2',
    )
    expect(switchLocaleHref('/astana_kk/p/x#reviews', { lang: 'ru' })).toBe('/astana/p/x#reviews')
  })

  it('switches the city and keeps the language', () => {
    expect(switchLocaleHref('/almaty_kk/catalog', { citySlug: 'shymkent' })).toBe('/shymkent_kk/catalog')
    expect(switchLocaleHref('/astana/search?q=tv', { citySlug: 'almaty' })).toBe('/search?q=tv')
    expect(switchLocaleHref('/', { citySlug: 'aktobe' })).toBe('/aktobe')
  })

  it('turns the non-canonical /almaty prefix into the right one', () => {
    expect(switchLocaleHref('/almaty/cart', { lang: 'kk' })).toBe('/almaty_kk/cart')
    expect(switchLocaleHref('/almaty/cart', {})).toBe('/cart')
  })
})
