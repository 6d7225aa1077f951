export { slugify, transliterate } from '../lib/slug'

/** Shelf prices end in 990 (or 90 below ten thousand), as Kazakh retailers print them. */
export function shelfPrice(raw: number): number {
  if (raw < 10_000) return Math.max(490, Math.round(raw / 100) * 100 - 10)
  return Math.round(raw / 1000) * 1000 - 10
}

/** '1 234 567' with the narrow spaces dropped for plain ones, as titles write nominal values. */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
}

/** 6.7 → '6.7', 55 → '55': numbers in titles carry no trailing zeros. */
export function num(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toFixed(2)))
}

/** 256 → '256GB', 1024 → '1TB': the way titles write memory sizes. */
export function gb(n: number): string {
  return n >= 1024 && n % 1024 === 0 ? `${n / 1024}TB` : `${n}GB`
}
