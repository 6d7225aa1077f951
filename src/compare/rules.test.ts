import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import { comparisonAtom, type ComparedProduct } from '../atoms/comparison'
import {
  addToComparisonAtom,
  clearComparisonAtom,
  removeFromComparisonAtom,
  replaceComparisonAtom,
} from './actions'
import { comparisonCategories, judgeAddition } from './rules'

const item = (sku: string, path: string[]): ComparedProduct => ({
  sku,
  uri: `p-${sku}`,
  categories: comparisonCategories(path),
})
const PHONES = ['Смартфоны и гаджеты', 'Смартфоны']
const phone = (sku: string) => item(sku, PHONES)
const tablet = item('T1', ['Смартфоны и гаджеты', 'Планшеты'])
const fridge = item('F1', ['Бытовая техника', 'Крупная бытовая техника', 'Холодильники'])
const washer = item('W1', ['Бытовая техника', 'Крупная бытовая техника', 'Стиральные машины'])
const vacuum = item('V1', ['Бытовая техника', 'Техника для дома', 'Пылесосы'])

describe('the comparison’s rules (browsing 4, 5)', () => {
  it('names every category from the catalogue’s root by its path', () => {
    expect(comparisonCategories(PHONES)).toEqual([
      '/',
      '/Смартфоны и гаджеты',
      '/Смартфоны и гаджеты/Смартфоны',
    ])
    expect(comparisonCategories([])).toEqual(['/'])
  })

  it('adds the first product whatever it is, and products sharing more than two categories with a listed one', () => {
    expect(judgeAddition([], fridge)).toBe('added')
    expect(judgeAddition([phone('A')], phone('B'))).toBe('added')
    expect(judgeAddition([fridge], washer)).toBe('added')
    // one listed product that fits is enough
    expect(judgeAddition([fridge, phone('A')], phone('B'))).toBe('added')
  })

  it('refuses a product already in the list', () => {
    expect(judgeAddition([phone('A'), phone('B')], phone('B'))).toBe('alreadyListed')
  })

  it('refuses a product sharing two categories or fewer with every listed one', () => {
    expect(judgeAddition([phone('A')], tablet)).toBe('notComparable') // root and the branch: two
    expect(judgeAddition([phone('A')], fridge)).toBe('notComparable') // the root alone
    expect(judgeAddition([fridge], vacuum)).toBe('notComparable')
  })

  it('keeps a branch’s namesake apart: the same title under another parent is another category', () => {
    const phoneCases = item('C1', ['Смартфоны и гаджеты', 'Аксессуары'])
    const pcCases = item('C2', ['Ноутбуки и компьютеры', 'Аксессуары'])
    expect(judgeAddition([phoneCases], pcCases)).toBe('notComparable')
  })
})

describe('the comparison’s actions on the device’s list', () => {
  it('add by the rules, remove one, clear, and start over with a refused product', async () => {
    const store = createStore()
    expect(await store.set(addToComparisonAtom, phone('A'))).toBe('added')
    expect(await store.set(addToComparisonAtom, phone('B'))).toBe('added')
    expect(await store.set(addToComparisonAtom, phone('B'))).toBe('alreadyListed')
    expect(await store.set(addToComparisonAtom, fridge)).toBe('notComparable')
    expect((await store.get(comparisonAtom)).map((p) => p.sku)).toEqual(['A', 'B'])

    await store.set(removeFromComparisonAtom, 'A')
    expect((await store.get(comparisonAtom)).map((p) => p.sku)).toEqual(['B'])
    await store.set(replaceComparisonAtom, fridge)
    expect(await store.get(comparisonAtom)).toEqual([fridge])
    await store.set(clearComparisonAtom)
    expect(await store.get(comparisonAtom)).toEqual([])
  })
})
