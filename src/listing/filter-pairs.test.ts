import { describe, expect, it } from 'vitest'
import {
  parseRangeValue,
  rangeValue,
  removeFilter,
  replaceFilter,
  toggleFilter,
  valuesOf,
} from './filter-pairs'

describe('chosen filter pairs', () => {
  it('adds a multiselect option and takes it away again', () => {
    const one = toggleFilter([], 'brand', 'samsung')
    const two = toggleFilter(one, 'brand', 'apple')
    expect(two).toEqual([
      { code: 'brand', value: 'samsung' },
      { code: 'brand', value: 'apple' },
    ])
    expect(toggleFilter(two, 'brand', 'samsung')).toEqual([{ code: 'brand', value: 'apple' }])
  })

  it('keeps one value for a link, checkbox or range filter', () => {
    const filters = [
      { code: 'os', value: 'android' },
      { code: 'brand', value: 'xiaomi' },
    ]
    expect(replaceFilter(filters, 'os', 'ios')).toEqual([
      { code: 'brand', value: 'xiaomi' },
      { code: 'os', value: 'ios' },
    ])
    expect(replaceFilter(filters, 'os', undefined)).toEqual([{ code: 'brand', value: 'xiaomi' }])
  })

  it('takes one pair away and lists the values chosen for a code', () => {
    const filters = [
      { code: 'brand', value: 'lg' },
      { code: 'brand', value: 'sony' },
      { code: 'os', value: 'android' },
    ]
    expect(removeFilter(filters, 'brand', 'lg')).toEqual(filters.slice(1))
    expect(valuesOf(filters, 'brand')).toEqual(['lg', 'sony'])
    expect(valuesOf(filters, 'color')).toEqual([])
  })

  it('writes and reads range values, refusing what is not a range', () => {
    expect(rangeValue(6.1, 6.7)).toBe('6,1-6,7')
    expect(rangeValue(undefined, 55)).toBe('-55')
    expect(rangeValue(undefined, undefined)).toBeUndefined()
    expect(parseRangeValue('6,1-6,7')).toEqual({ min: 6.1, max: 6.7 })
    expect(parseRangeValue('6.1-6.7')).toEqual({ min: 6.1, max: 6.7 })
    expect(parseRangeValue('40-')).toEqual({ min: 40 })
    expect(parseRangeValue('-55')).toEqual({ max: 55 })
    for (const bad of ['-', 'abc', '7-6', '1-2-3', '']) expect(parseRangeValue(bad), bad).toBeNull()
  })
})
