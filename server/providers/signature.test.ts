import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signCallback, verifyCallback } from './signature'

const SECRET = 'test-callback-secret-0123456789'
const BODY = JSON.stringify({ sessionId: 's1', merchantRef: 'p1', amount: 12345, status: 'approved' })

describe('callback signatures', () => {
  it('is sha256= and the hex HMAC-SHA256 of the raw body', () => {
    // RFC 4231-style known answer (the classic "quick brown fox" vector)
    expect(signCallback('key', 'The quick brown fox jumps over the lazy dog')).toBe(
      'sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    )
    expect(signCallback(SECRET, BODY)).toBe(
      `sha256=${createHmac('sha256', SECRET).update(BODY).digest('hex')}`,
    )
  })

  it('verifies its own signature, in either case of hex', () => {
    const header = signCallback(SECRET, BODY)
    expect(verifyCallback(SECRET, BODY, header)).toBe(true)
    expect(verifyCallback(SECRET, BODY, `sha256=${header.slice(7).toUpperCase()}`)).toBe(true)
  })

  it('refuses another secret, a tampered body, a changed digit', () => {
    const header = signCallback(SECRET, BODY)
    expect(verifyCallback('another-secret-0123456789', BODY, header)).toBe(false)
    expect(verifyCallback(SECRET, BODY.replace('12345', '1'), header)).toBe(false)
    expect(verifyCallback(SECRET, `${BODY} `, header)).toBe(false)
    const last = header.at(-1) === '0' ? '1' : '0'
    expect(verifyCallback(SECRET, BODY, `${header.slice(0, -1)}${last}`)).toBe(false)
  })

  it('refuses a missing, repeated or malformed header and an empty secret', () => {
    const header = signCallback(SECRET, BODY)
    const hex = header.slice('sha256='.length)
    for (const bad of [
      undefined,
      '',
      hex,
      `sha1=${hex}`,
      `SHA256=${hex}`,
      `sha256=${hex.slice(2)}`,
      `sha256=${hex}00`,
      `sha256=${'z'.repeat(64)}`,
      ` ${header}`,
    ])
      expect(verifyCallback(SECRET, BODY, bad), String(bad)).toBe(false)
    expect(verifyCallback(SECRET, BODY, [header, header])).toBe(false)
    expect(verifyCallback('', BODY, header)).toBe(false)
    expect(() => signCallback('', BODY)).toThrow(/secret/)
  })
})
