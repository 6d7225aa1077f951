import { describe, expect, it } from 'vitest'
import { langFrom } from './request-context'

describe('the language header', () => {
  it('is Kazakh for kk and kz, in any case and with a region', () => {
    expect(langFrom('kk')).toBe('kk')
    expect(langFrom('KK-kz,ru;q=0.8')).toBe('kk')
    expect(langFrom('kz')).toBe('kk')
  })
  it('is Russian otherwise', () => {
    expect(langFrom(undefined)).toBe('ru')
    expect(langFrom('ru-RU')).toBe('ru')
    expect(langFrom('en')).toBe('ru')
    expect(langFrom(['kk', 'ru'])).toBe('kk')
  })
})
