/*
 * Money and dates in the back office, written as the store's pages write them (src/i18n/format.ts:
 * digits grouped by no-break spaces, the tenge sign; dd.MM.yyyy in the store's time, UTC+5). Not
 * imported from there: a module the back office shared with the store's pages would become a chunk of
 * its own on every store page (README, The back office).
 */
const NBSP = '\u00a0'
const STORE_OFFSET_MS = 5 * 3_600_000

export function tenge(amount: number): string {
  const whole = String(Math.round(Math.abs(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)
  return `${amount < 0 ? '-' : ''}${whole}${NBSP}₸`
}

const two = (n: number) => String(n).padStart(2, '0')

/** `27.11.2026 14:05` in the store's time. */
export function storeDateTime(iso: string): string {
  const d = new Date(new Date(iso).getTime() + STORE_OFFSET_MS)
  return `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`
}
