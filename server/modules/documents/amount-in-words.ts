import type { Lang } from '../../../contract/common'

/*
 * A sum of tenge in words, as an invoice states it beside the figures ("пятьсот пять тысяч девятьсот
 * семьдесят тенге 00 тиын"). Whole tenge up to 999,999,999,999.
 */

const RU_ONES = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять']
const RU_ONES_FEMININE = ['', 'одна', 'две', ...RU_ONES.slice(3)]
const RU_TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
]
const RU_TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
]
const RU_HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
]
/** One, few (2-4), many: the forms a counted noun takes in Russian. */
const RU_SCALES: [one: string, few: string, many: string, feminine: boolean][] = [
  ['', '', '', false],
  ['тысяча', 'тысячи', 'тысяч', true],
  ['миллион', 'миллиона', 'миллионов', false],
  ['миллиард', 'миллиарда', 'миллиардов', false],
]

function russianForm(n: number, forms: readonly [string, string, string]): string {
  const tens = n % 100
  const ones = n % 10
  if (tens >= 11 && tens <= 14) return forms[2]
  if (ones === 1) return forms[0]
  if (ones >= 2 && ones <= 4) return forms[1]
  return forms[2]
}

function russianTriad(n: number, feminine: boolean): string[] {
  const words = [RU_HUNDREDS[Math.floor(n / 100)]!]
  const rest = n % 100
  if (rest >= 10 && rest < 20) words.push(RU_TEENS[rest - 10]!)
  else {
    words.push(RU_TENS[Math.floor(rest / 10)]!)
    words.push((feminine ? RU_ONES_FEMININE : RU_ONES)[rest % 10]!)
  }
  return words.filter(Boolean)
}

const KK_ONES = ['', 'бір', 'екі', 'үш', 'төрт', 'бес', 'алты', 'жеті', 'сегіз', 'тоғыз']
const KK_TENS = ['', 'он', 'жиырма', 'отыз', 'қырық', 'елу', 'алпыс', 'жетпіс', 'сексен', 'тоқсан']
const KK_SCALES = ['', 'мың', 'миллион', 'миллиард']

function kazakhTriad(n: number): string[] {
  const hundreds = Math.floor(n / 100)
  const words: string[] = []
  if (hundreds > 0) words.push(...(hundreds > 1 ? [KK_ONES[hundreds]!] : []), 'жүз')
  words.push(KK_TENS[Math.floor((n % 100) / 10)]!, KK_ONES[n % 10]!)
  return words.filter(Boolean)
}

function triads(n: number): number[] {
  const out: number[] = []
  do {
    out.push(n % 1000)
    n = Math.floor(n / 1000)
  } while (n > 0)
  return out
}

/** The whole tenge of `amount` in words, then the tiyn as digits: `… тенге 00 тиын`. */
export function amountInWords(amount: number, lang: Lang): string {
  const tiyn = Math.round(Math.abs(amount) * 100)
  const whole = Math.floor(tiyn / 100)
  const cents = String(tiyn % 100).padStart(2, '0')
  if (whole > 999_999_999_999) throw new RangeError('amountInWords: too large')
  const parts = triads(whole)
  const words: string[] = []
  for (let scale = parts.length - 1; scale >= 0; scale--) {
    const n = parts[scale]!
    if (n === 0) continue
    if (lang === 'kk') {
      // Kazakh says "мың" for a thousand alone, and "бір" otherwise where it counts.
      words.push(...(scale === 1 && n === 1 ? [] : kazakhTriad(n)), KK_SCALES[scale]!)
    } else {
      const [one, few, many, feminine] = RU_SCALES[scale]!
      words.push(...russianTriad(n, feminine), scale > 0 ? russianForm(n, [one, few, many]) : '')
    }
  }
  const zero = lang === 'kk' ? 'нөл' : 'ноль'
  const text = words.filter(Boolean).join(' ') || zero
  const sentence = `${text} ${lang === 'kk' ? 'теңге' : 'тенге'} ${cents} тиын`
  return sentence.charAt(0).toUpperCase() + sentence.slice(1)
}
