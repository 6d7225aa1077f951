import { describe, expect, it } from 'vitest'
import { lastPage, pageWindow, paginationItems, PAGE_WINDOW, PAGE_WINDOW_PHONE } from './page-window'

describe('the pagination window', () => {
  it('shows 5 pages around the current one, 3 on phones', () => {
    expect(pageWindow(7, 20, PAGE_WINDOW)).toEqual([5, 6, 7, 8, 9])
    expect(pageWindow(7, 20, PAGE_WINDOW_PHONE)).toEqual([6, 7, 8])
  })

  it('stays inside the first and the last page', () => {
    expect(pageWindow(1, 20, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(2, 20, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(20, 20, 5)).toEqual([16, 17, 18, 19, 20])
    expect(pageWindow(19, 20, 3)).toEqual([18, 19, 20])
  })

  it('shrinks to the pages there are, and reads a page past the end as the last one', () => {
    expect(pageWindow(1, 2, 5)).toEqual([1, 2])
    expect(pageWindow(9, 3, 5)).toEqual([1, 2, 3])
    expect(pageWindow(1, 0, 5)).toEqual([1])
  })

  it('adds the first and last pages with gap marks where pages are skipped', () => {
    const shape = (current: number, pages: number, size: number) =>
      paginationItems(current, pages, size)
        .map((item) => (item.type === 'gap' ? '…' : String(item.page)))
        .join(' ')
    expect(shape(7, 20, 5)).toBe('1 … 5 6 7 8 9 … 20')
    expect(shape(7, 20, 3)).toBe('1 … 6 7 8 … 20')
    expect(shape(3, 20, 5)).toBe('1 2 3 4 5 … 20')
    expect(shape(4, 20, 5)).toBe('1 2 3 4 5 6 … 20')
    expect(shape(18, 20, 5)).toBe('1 … 16 17 18 19 20')
    expect(shape(1, 1, 5)).toBe('1')
  })

  it('counts pages of 24 products', () => {
    expect(lastPage(0, 24)).toBe(1)
    expect(lastPage(24, 24)).toBe(1)
    expect(lastPage(25, 24)).toBe(2)
    expect(lastPage(1999, 24)).toBe(84)
  })
})
