import { describe, expect, it } from 'vitest'
import { comparisonTable, onlyDifferences, type SpecSource } from './table'

const spec = (groups: [string, string, [string, string, string][]][]): SpecSource => ({
  spec_groups: groups.map(([code, title, items]) => ({
    code,
    title,
    items: items.map(([c, t, value]) => ({ code: c, title: t, value })),
  })),
})

const a = spec([
  [
    'screen',
    'Экран',
    [
      ['diagonal', 'Диагональ', '6.1"'],
      ['type', 'Тип', 'OLED'],
    ],
  ],
  ['memory', 'Память', [['storage', 'Встроенная', '128 ГБ']]],
])
const b = spec([
  [
    'screen',
    'Экран',
    [
      ['diagonal', 'Диагональ', '6.7"'],
      ['type', 'Тип', 'OLED'],
    ],
  ],
  [
    'memory',
    'Память',
    [
      ['storage', 'Встроенная', '128 ГБ'],
      ['ram', 'Оперативная', '8 ГБ'],
    ],
  ],
  ['body', 'Корпус', [['color', 'Цвет', 'Чёрный']]],
])

describe('the comparison table', () => {
  it('puts the products’ characteristics side by side by group, in the order they are named', () => {
    const table = comparisonTable([a, b])
    expect(table.map((g) => g.title)).toEqual(['Экран', 'Память', 'Корпус'])
    expect(table[0]!.rows).toEqual([
      { code: 'diagonal', title: 'Диагональ', values: ['6.1"', '6.7"'], differs: true },
      { code: 'type', title: 'Тип', values: ['OLED', 'OLED'], differs: false },
    ])
    // a characteristic one product lacks gets its row, with nothing for that product
    expect(table[1]!.rows[1]).toEqual({
      code: 'ram',
      title: 'Оперативная',
      values: [null, '8 ГБ'],
      differs: true,
    })
    expect(table[2]!.rows[0]!.values).toEqual([null, 'Чёрный'])
  })

  it('keeps a column for a product not loaded, without values', () => {
    const table = comparisonTable([a, null])
    expect(table[0]!.rows[0]!.values).toEqual(['6.1"', null])
  })

  it('only differences: the rows where the products differ, groups left empty go', () => {
    const same = onlyDifferences(comparisonTable([a, a]))
    expect(same).toEqual([])
    const differences = onlyDifferences(comparisonTable([a, b]))
    expect(differences.map((g) => [g.title, g.rows.map((r) => r.code)])).toEqual([
      ['Экран', ['diagonal']],
      ['Память', ['ram']],
      ['Корпус', ['color']],
    ])
  })
})
