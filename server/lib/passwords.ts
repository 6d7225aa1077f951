import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * Passwords hashed with node's scrypt (no native dependency). The parameters travel with the hash, so
 * raising them later keeps old hashes verifiable. N=2^15, r=8 costs about 32 MB and tens of ms.
 */
const PARAMS = { N: 1 << 15, r: 8, p: 1 }
const KEY_LENGTH = 32
const MAX_MEM = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$')
  if (parts?.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time for an account without a password, so timing does not tell them apart.
    await derive(password, Buffer.alloc(16), PARAMS)
    return false
  }
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string]
  const expected = Buffer.from(hash, 'base64')
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}
