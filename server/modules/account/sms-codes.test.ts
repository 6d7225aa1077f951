import { and, eq, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/connection'
import { smsCodes } from '../../db/schema/account'
import { createProviderGuard } from '../../providers/guard'
import type { SmsMessage, SmsProvider } from '../../providers/sms/types'
import { testDatabase } from '../../test/app'
import { randomPhone } from '../../test/auth'
import { createSmsCodes } from './sms-codes'

let db: Db

beforeAll(async () => {
  db = (await testDatabase()).db
})

/** A gateway that delivers, or fails as told: never answering, or answering 500. */
function gateway() {
  const sent: SmsMessage[] = []
  let fault: 'none' | 'silent' | '500' = 'none'
  const sms: SmsProvider = {
    name: 'fake',
    send(message) {
      if (fault === 'silent') return new Promise(() => {})
      if (fault === '500')
        return Promise.reject(Object.assign(new Error('Internal Server Error'), { statusCode: 500 }))
      sent.push(message)
      return Promise.resolve()
    },
  }
  return {
    sms,
    sent,
    fail: (how: typeof fault) => void (fault = how),
    lastCode: () => /\d{5}/.exec(sent.at(-1)!.text)![0],
  }
}

const liveCodes = async (phone: string) =>
  (
    await db
      .select({ id: smsCodes.id })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.consumedAt)))
  ).length

describe('SMS codes when the gateway fails', () => {
  for (const [fault, status, code] of [
    ['silent', 504, 'provider_timeout'],
    ['500', 502, 'provider_unavailable'],
  ] as const) {
    it(`a gateway that ${fault === 'silent' ? 'never answers' : 'answers 500'} is ${status} ${code}; no new code is kept and the previous one still works`, async () => {
      const g = gateway()
      const warned: object[] = []
      const codes = createSmsCodes(
        db,
        g.sms,
        createProviderGuard({ timeoutMs: 50, log: { warn: (d) => void warned.push(d) } }),
      )
      const phone = randomPhone()
      await codes.send(phone, 'signin')
      const first = g.lastCode()
      expect(await liveCodes(phone)).toBe(1)

      g.fail(fault)
      await expect(codes.send(phone, 'signin')).rejects.toMatchObject({ statusCode: status, code })
      expect(warned).toMatchObject([{ provider: 'sms', operation: 'send' }])
      // the code the shopper never got is not stored as sent; the one they have is still the live one
      expect(await liveCodes(phone)).toBe(1)
      await expect(codes.consume(phone, 'signin', first)).resolves.toBeUndefined()
    })
  }

  it('a code that went out replaces the previous one once the gateway answers again', async () => {
    const g = gateway()
    const codes = createSmsCodes(db, g.sms, createProviderGuard({ timeoutMs: 50 }))
    const phone = randomPhone()
    await codes.send(phone, 'recovery')
    const first = g.lastCode()
    g.fail('500')
    await expect(codes.send(phone, 'recovery')).rejects.toMatchObject({ statusCode: 502 })
    g.fail('none')
    await codes.send(phone, 'recovery')
    const second = g.lastCode()
    expect(await liveCodes(phone)).toBe(1)
    if (first !== second)
      await expect(codes.consume(phone, 'recovery', first)).rejects.toMatchObject({ statusCode: 400 })
    await expect(codes.consume(phone, 'recovery', second)).resolves.toBeUndefined()
  })
})
