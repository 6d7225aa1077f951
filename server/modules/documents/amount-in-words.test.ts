import { describe, expect, it } from 'vitest'
import { amountInWords } from './amount-in-words'

describe('a sum in words, as an invoice states it', () => {
  it('in Russian, with the forms of thousands and millions and feminine one and two', () => {
    expect(amountInWords(505_970, 'ru')).toBe('Пятьсот пять тысяч девятьсот семьдесят тенге 00 тиын')
    expect(amountInWords(1_000, 'ru')).toBe('Одна тысяча тенге 00 тиын')
    expect(amountInWords(2_002, 'ru')).toBe('Две тысячи два тенге 00 тиын')
    expect(amountInWords(11_000, 'ru')).toBe('Одиннадцать тысяч тенге 00 тиын')
    expect(amountInWords(21_000, 'ru')).toBe('Двадцать одна тысяча тенге 00 тиын')
    expect(amountInWords(1_234_567, 'ru')).toBe(
      'Один миллион двести тридцать четыре тысячи пятьсот шестьдесят семь тенге 00 тиын',
    )
    expect(amountInWords(5_000_000, 'ru')).toBe('Пять миллионов тенге 00 тиын')
    expect(amountInWords(10_714.29, 'ru')).toBe('Десять тысяч семьсот четырнадцать тенге 29 тиын')
    expect(amountInWords(0, 'ru')).toBe('Ноль тенге 00 тиын')
  })

  it('in Kazakh', () => {
    expect(amountInWords(505_970, 'kk')).toBe('Бес жүз бес мың тоғыз жүз жетпіс теңге 00 тиын')
    expect(amountInWords(1_000, 'kk')).toBe('Мың теңге 00 тиын')
    expect(amountInWords(100_000, 'kk')).toBe('Жүз мың теңге 00 тиын')
    expect(amountInWords(1_234_567, 'kk')).toBe(
      'Бір миллион екі жүз отыз төрт мың бес жүз алпыс жеті теңге 00 тиын',
    )
    expect(amountInWords(48_090, 'kk')).toBe('Қырық сегіз мың тоқсан теңге 00 тиын')
    expect(amountInWords(0, 'kk')).toBe('Нөл теңге 00 тиын')
  })
})
