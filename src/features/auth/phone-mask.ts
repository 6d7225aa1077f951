/**
 * The phone field of spec 5: the shopper types the ten digits after +7; non-word characters are
 * stripped, the number shows as +7 XXX XXX XX XX, and a pasted number is merged into what is there and
 * cut to ten digits. The server gets 7 and the ten digits.
 */
export const NATIONAL_DIGITS = 10
export const PHONE_PLACEHOLDER = '+7 999 999 99 99'

const onlyDigits = (value: string) => value.replace(/\W|_/g, '').replace(/\D/g, '')

/** The ten national digits of a pasted or typed whole number (+7…, 8…, 7… or just the ten). */
export function nationalDigits(value: string): string {
  const digits = onlyDigits(value)
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) return digits.slice(1)
  return digits.slice(0, NATIONAL_DIGITS)
}

/** '7011234567' → '+7 701 123 45 67'; a partial number shows as far as it goes. */
export function formatPhone(national: string): string {
  const d = national.slice(0, NATIONAL_DIGITS)
  if (d.length === 0) return ''
  const groups = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 8), d.slice(8, 10)].filter(Boolean)
  return `+7 ${groups.join(' ')}`
}

/**
 * What the field holds after the browser changed its text: the text always starts with the +7 the mask
 * wrote, so that 7 is not one of the shopper's digits.
 */
export function digitsFromInput(text: string): string {
  const trimmed = text.trimStart()
  const digits = onlyDigits(trimmed)
  // Typed on after the mask: the extra digit is cut. Autofilled or typed whole (8 701…): read as a number.
  if (trimmed.startsWith('+7')) return digits.slice(1, 1 + NATIONAL_DIGITS)
  return nationalDigits(digits)
}

/**
 * A paste replaces the selected digits (or goes in at the caret) and the result is cut to ten digits.
 * `selectionStart`/`End` count digits of the current number, not characters of the formatted text.
 */
export function mergePaste(
  current: string,
  pasted: string,
  selectionStart: number,
  selectionEnd: number,
): string {
  const incoming = nationalDigits(pasted)
  const merged = current.slice(0, selectionStart) + incoming + current.slice(selectionEnd)
  return merged.slice(0, NATIONAL_DIGITS)
}

/** How many national digits stand before a character position of the formatted text. */
export function digitIndexAt(formatted: string, position: number): number {
  const before = formatted.slice(0, position)
  const digits = onlyDigits(before)
  return Math.max(0, before.startsWith('+7') ? digits.length - 1 : digits.length)
}

export const isCompletePhone = (national: string) => /^\d{10}$/.test(national)
export const toServerPhone = (national: string) => `7${national}`
