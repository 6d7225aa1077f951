import { describe, expect, it } from 'vitest'
import type { FiltersResponse } from '../../contract/catalog'
import { appliedChips } from './chips'

const panel: FiltersResponse = {
  category_id: 5,
  total: 120,
  price_range: { min: 40_000, max: 900_000, chosen_min: 40_000, chosen_max: 900_000 },
  filters: [
    {
      code: 'brand',
      title: 'Бренд',
      type: 'multiselect',
      unit: null,
      options: [
        { code: 'apple', title: 'Apple', isActive: true, isEnabled: true, count: 10 },
        { code: 'samsung', title: 'Samsung', isActive: false, isEnabled: true, count: 12 },
      ],
      min: null,
      max: null,
      chosen_min: null,
      chosen_max: null,
    },
    {
      code: 'diagonal',
      title: 'Диагональ экрана',
      type: 'range',
      unit: '″',
      options: [],
      min: 5.4,
      max: 6.9,
      chosen_min: 6.1,
      chosen_max: 6.7,
    },
  ],
}

describe('applied filter chips', () => {
  it('names each applied pair with the titles of the filter panel, in URL order', () => {
    const filters = [
      { code: 'diagonal', value: '6,1-6,7' },
      { code: 'brand', value: 'apple' },
    ]
    const chips = appliedChips(filters, {}, panel)
    expect(chips).toEqual([
      {
        kind: 'range',
        code: 'diagonal',
        value: '6,1-6,7',
        filterTitle: 'Диагональ экрана',
        min: 6.1,
        max: 6.7,
        unit: '″',
        rest: [{ code: 'brand', value: 'apple' }],
      },
      {
        kind: 'option',
        code: 'brand',
        value: 'apple',
        filterTitle: 'Бренд',
        optionTitle: 'Apple',
        rest: [{ code: 'diagonal', value: '6,1-6,7' }],
      },
    ])
  })

  it('shows a pair the panel does not know by its raw code and value', () => {
    expect(appliedChips([{ code: 'ram', value: '8' }], {}, undefined)).toMatchObject([
      { kind: 'option', filterTitle: 'ram', optionTitle: '8', rest: [] },
    ])
  })

  it('adds a price chip only when the range differs from the initial bounds', () => {
    expect(appliedChips([], { priceMin: 40_000, priceMax: 900_000 }, panel)).toEqual([])
    expect(appliedChips([], { priceMax: 300_000 }, panel)).toEqual([{ kind: 'price', priceMax: 300_000 }])
    expect(appliedChips([], { priceMin: 1 }, undefined)).toEqual([{ kind: 'price', priceMin: 1 }])
  })
})
