/**
 * Kazakhstan's BIN (and IIN) checksum: the twelfth digit is the weighted sum of the first eleven modulo
 * 11, with weights 1..11; when that gives 10 the weights 3..11,1,2 are tried, and a second 10 means no
 * valid number ends this way (such numbers are never issued).
 */
const FIRST_WEIGHTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
const SECOND_WEIGHTS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2]

function weighted(digits: readonly number[], weights: readonly number[]): number {
  return digits.reduce((sum, d, i) => sum + d * (weights[i] ?? 0), 0) % 11
}

/** The check digit for eleven leading digits, or null when none exists. */
export function binCheckDigit(first11: string): number | null {
  if (!/^\d{11}$/.test(first11)) return null
  const digits = [...first11].map(Number)
  const first = weighted(digits, FIRST_WEIGHTS)
  if (first !== 10) return first
  const second = weighted(digits, SECOND_WEIGHTS)
  return second === 10 ? null : second
}

/** True for 12 digits whose last one is the checksum of the rest. */
export function isValidBin(bin: string): boolean {
  if (!/^\d{12}$/.test(bin)) return false
  return binCheckDigit(bin.slice(0, 11)) === Number(bin[11])
}

/** Completes eleven digits to a valid BIN, or null when no check digit exists for them. */
export function completeBin(first11: string): string | null {
  const check = binCheckDigit(first11)
  return check === null ? null : `${first11}${check}`
}
