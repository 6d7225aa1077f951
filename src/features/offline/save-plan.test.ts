import { describe, expect, it } from 'vitest'
import {
  SAVE_BUDGET_BYTES,
  imageUrls,
  lastListingPage,
  listingPages,
  megabytes,
  productLinks,
  productsThatFit,
  saveBudget,
} from './save-plan'

const LISTING = `
<a href="/astana/p/smartfon-a"><img src="/f3/api/v1/images/272/272/p1-0.webp" srcset="/f3/api/v1/images/272/272/p1-0.webp 1x, /f3/api/v1/images/800/800/p1-0.webp 2x"></a>
<a href="/astana/p/smartfon-a">Смартфон A</a>
<a href="/astana/p/smartfon-b?tab=reviews">отзывы</a>
<a href="/astana/p/smartfon-c">C</a>
<a href="/astana/catalog/smartfony?page=2">2</a><a href="/astana/catalog/smartfony?sorting=cheap&amp;page=9">9</a>
<a href="/astana/cart">cart</a>`

describe('what saving a category downloads', () => {
  it('reads the products a listing links to, once each, in order', () => {
    expect(productLinks(LISTING)).toEqual(['/astana/p/smartfon-a', '/astana/p/smartfon-c'])
    expect(productLinks('<a href="/p/x">x</a><a href="/almaty_kk/p/y">y</a>')).toEqual([
      '/p/x',
      '/almaty_kk/p/y',
    ])
  })

  it('reads every picture of the image service, src and srcset', () => {
    expect(imageUrls(LISTING)).toEqual([
      '/f3/api/v1/images/272/272/p1-0.webp',
      '/f3/api/v1/images/800/800/p1-0.webp',
    ])
  })

  it('follows the pagination, up to five pages', () => {
    expect(lastListingPage(LISTING)).toBe(9)
    expect(lastListingPage('<p>no pages</p>')).toBe(1)
    expect(listingPages('/astana/catalog/smartfony', 3)).toEqual([
      '/astana/catalog/smartfony',
      '/astana/catalog/smartfony?page=2',
      '/astana/catalog/smartfony?page=3',
    ])
    expect(listingPages('/catalog/tv?sorting=cheap', 9)).toHaveLength(5)
  })

  it('keeps within the store budget and the space the browser gives', () => {
    expect(saveBudget(undefined)).toBe(SAVE_BUDGET_BYTES)
    expect(saveBudget({ quota: 10 * 1024 ** 3, usage: 0 })).toBe(SAVE_BUDGET_BYTES)
    expect(saveBudget({ quota: 10_000_000, usage: 5_000_000 })).toBe(4_000_000)
    expect(productsThatFit(1_000_000, 0, 0)).toBe(5)
    expect(productsThatFit(1_000_000, 500_000, 5)).toBe(10)
    expect(productsThatFit(-5, 100, 1)).toBe(0)
  })

  it('writes sizes as the shopper reads them', () => {
    expect(megabytes(3.44 * 1024 * 1024)).toBe('3,4')
    expect(megabytes(0)).toBe('0,0')
  })
})
