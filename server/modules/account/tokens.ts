import { createHash, randomBytes, randomInt } from 'node:crypto'

/** A 5-digit SMS code (spec 5), uniformly drawn. */
export function newSmsCode(): string {
  return String(randomInt(0, 100_000)).padStart(5, '0')
}

export function codeHash(salt: string, phone: string, purpose: string, code: string): string {
  return createHash('sha256').update(`${salt}:${phone}:${purpose}:${code}`).digest('base64url')
}

export function newSalt(): string {
  return randomBytes(16).toString('base64url')
}

/** A loyalty id for a new account: 12 digits, the way the bonus service's ids look. */
export function newTdid(): string {
  return String(randomInt(1, 10)) + Array.from({ length: 11 }, () => randomInt(0, 10)).join('')
}
