/** Card number rules of the local acquirer: Luhn, brand by prefix, the mask that may be stored. */

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'VISA'
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'MASTERCARD'
  if (/^220[0-4]/.test(number)) return 'MIR'
  if (/^3[47]/.test(number)) return 'AMEX'
  if (/^(62|81)/.test(number)) return 'UNIONPAY'
  return 'CARD'
}

/** The first six and the last four digits, as PCI DSS allows to keep. */
export function maskCard(number: string): string {
  return `${number.slice(0, 6)}${'*'.repeat(number.length - 10)}${number.slice(-4)}`
}

/** What the local acquirer does with a number (README lists them). Any other valid number is approved. */
export const TEST_CARDS = {
  approved: ['4111111111111111', '5555555555554444'],
  declined: { '4000000000000002': 'do_not_honor', '4000000000009995': 'insufficient_funds' } as Record<
    string,
    string
  >,
  challenge: ['4000000000003220', '5200000000001096'],
} as const

/** The one-time code the local 3-D Secure step accepts. */
export const TEST_3DS_CODE = '123456'
export const MAX_3DS_ATTEMPTS = 3

/** 'MM/YY' not yet past at `now` (a card is valid through the last day of its month). */
export function expiryValid(expiry: string, now: Date): boolean {
  const m = /^(\d{2})\/(\d{2})$/.exec(expiry)
  if (!m) return false
  const month = Number(m[1])
  const year = 2000 + Number(m[2])
  if (month < 1 || month > 12) return false
  const endOfMonth = Date.UTC(year, month, 1)
  return endOfMonth > now.getTime() && year <= now.getUTCFullYear() + 20
}
