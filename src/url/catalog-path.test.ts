import { describe, expect, it } from 'vitest'
import { buildCategoryPath, parseCategoryPath } from './catalog-path'

describe('category path', () => {
  it('reads the category segments of a plain category', () => {
    expect(parseCategoryPath('smartfony/apple-iphone')).toEqual({
      segments: ['smartfony', 'apple-iphone'],
      filters: [],
    })
  })

  it('reads the filter pairs that follow /f/', () => {
    expect(parseCategoryPath('televizory/f/brand/lg/diagonal/55')).toEqual({
      segments: ['televizory'],
      filters: [
        { code: 'brand', value: 'lg' },
        { code: 'diagonal', value: '55' },
      ],
    })
  })

  it('refuses a path without a category or with a filter code missing its value', () => {
    expect(parseCategoryPath('')).toBeNull()
    expect(parseCategoryPath(undefined)).toBeNull()
    expect(parseCategoryPath('f/brand/lg')).toBeNull()
    expect(parseCategoryPath('televizory/f/brand')).toBeNull()
  })

  it('builds the filter pairs sorted by value, so one filter set has one address', () => {
    const path = buildCategoryPath({
      segments: ['noutbuki'],
      filters: [
        { code: 'ram', value: '16gb' },
        { code: 'brand', value: 'asus' },
        { code: 'color', value: 'black' },
      ],
    })
    expect(path).toBe('noutbuki/f/ram/16gb/brand/asus/color/black')
    expect(parseCategoryPath(path)?.filters.map((f) => f.value)).toEqual(['16gb', 'asus', 'black'])
  })

  it('leaves a category without filters as its segments only', () => {
    expect(buildCategoryPath({ segments: ['smartfony', 'apple'], filters: [] })).toBe('smartfony/apple')
  })
})
