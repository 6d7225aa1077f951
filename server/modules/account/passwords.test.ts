import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords'

describe('password hashing', () => {
  it('verifies the password it hashed, with a fresh salt each time, and nothing else', async () => {
    const first = await hashPassword('Алма2024')
    const second = await hashPassword('Алма2024')
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(first).not.toBe(second)
    expect(await verifyPassword('Алма2024', first)).toBe(true)
    expect(await verifyPassword('алма2024', first)).toBe(false)
    expect(await verifyPassword('Алма2024 ', first)).toBe(false)
  })

  it('refuses any password for an account without one, or a damaged hash', async () => {
    expect(await verifyPassword('anything1', null)).toBe(false)
    expect(await verifyPassword('anything1', 'plain-text')).toBe(false)
    expect(await verifyPassword('anything1', 'scrypt$1$2$3')).toBe(false)
  })
})
