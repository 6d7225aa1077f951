import { createHash, randomBytes, randomInt } from 'node:crypto'

/** Only a salted hash of an agreement's SMS code is kept. */
export const newSmsCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')
export const newSalt = () => randomBytes(16).toString('base64url')
export const codeHash = (salt: string, code: string) =>
  createHash('sha256').update(`${salt}:agreement:${code}`).digest('base64url')
