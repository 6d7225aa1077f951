import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Signed provider callbacks: a provider posts its result to the store with the header
 * `X-Signature: sha256=<hex HMAC-SHA256 of the raw body>`, keyed with the secret both share. The store
 * checks the signature over the bytes it received, before parsing them.
 */
export const SIGNATURE_HEADER = 'x-signature'

const PREFIX = 'sha256='
const SIGNATURE = /^sha256=[0-9a-fA-F]{64}$/

/** How a local provider posts a callback to the store (the store wires it to an HTTP call into itself). */
export type CallbackDelivery = (callback: { url: string; body: string; signature: string }) => Promise<void>

function hmac(secret: string, rawBody: string): Buffer {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest()
}

/** The value of the `X-Signature` header for this body. */
export function signCallback(secret: string, rawBody: string): string {
  // A signature made with no secret proves nothing: refuse rather than send one.
  if (!secret) throw new Error('signCallback: the shared secret is empty')
  return `${PREFIX}${hmac(secret, rawBody).toString('hex')}`
}

/**
 * Whether `header` is the signature of `rawBody` under `secret`, compared in constant time. A missing,
 * repeated or malformed header, or an empty secret, is never valid.
 */
export function verifyCallback(
  secret: string,
  rawBody: string,
  header: string | readonly string[] | undefined,
): boolean {
  if (!secret || typeof header !== 'string' || !SIGNATURE.test(header)) return false
  const given = Buffer.from(header.slice(PREFIX.length), 'hex')
  const expected = hmac(secret, rawBody)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
