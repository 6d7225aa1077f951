import { describe, expect, it } from 'vitest'
import { pluralForm } from './plural-form'

describe('pluralForm', () => {
  it('gives the form Intl.PluralRules gives for Russian, for every count up to 10,000', () => {
    const rules = new Intl.PluralRules('ru')
    for (let n = 0; n <= 10_000; n++) expect(pluralForm(n), String(n)).toBe(rules.select(n))
  })

  it('reads the usual counts as a Russian speaker does', () => {
    expect([1, 21, 101].map(pluralForm)).toEqual(['one', 'one', 'one'])
    expect([2, 3, 4, 22, 104].map(pluralForm)).toEqual(['few', 'few', 'few', 'few', 'few'])
    expect([0, 5, 11, 12, 14, 111, 2205].map(pluralForm)).toEqual(Array(7).fill('many'))
  })

  it('gives other for a fraction', () => {
    expect(pluralForm(1.5)).toBe('other')
  })
})
