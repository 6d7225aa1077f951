import { createHash, randomBytes } from 'node:crypto'

/**
 * 256 random bits, URL-safe: sign-in tokens and captcha tokens are opaque; only their hash is stored,
 * so a leaked table holds nothing that opens anything.
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
