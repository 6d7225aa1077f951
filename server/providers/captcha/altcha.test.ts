import { createChallenge } from 'altcha-lib/v1'
import { beforeAll, describe, expect, it } from 'vitest'
import { CaptchaResponse } from '../../../contract/account'
import type { Database } from '../../db/connection'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { solveCaptcha } from '../../test/auth'
import { CHALLENGE_SECONDS, createAltchaCaptchaProvider, ensureCaptchaKey } from './altcha'

let app: App
let database: Database

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

const KEY = 'a-test-hmac-key-of-some-length'
const provider = (now?: () => Date) =>
  createAltchaCaptchaProvider(database.db, { hmacKey: KEY, maxNumber: 500, now })

const encode = (payload: object) => Buffer.from(JSON.stringify(payload)).toString('base64')
const decode = (solution: string) =>
  JSON.parse(Buffer.from(solution, 'base64').toString('utf8')) as Record<string, unknown>

describe('the proof-of-work captcha (ALTCHA)', () => {
  it('issues a signed challenge that expires, which the store answers with no-store', async () => {
    const res = await app.inject({ url: '/account/api/v1/captcha' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const challenge = CaptchaResponse.parse(res.json())
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 })
    const expires = Number(new URLSearchParams(challenge.salt.split('?')[1]).get('expires'))
    expect(expires * 1000 - Date.now()).toBeGreaterThan((CHALLENGE_SECONDS - 30) * 1000)
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(CHALLENGE_SECONDS * 1000)
  })

  it('passes a solution once: a replay is refused, by another process too', async () => {
    const first = provider()
    const second = provider()
    const solution = await solveCaptcha(CaptchaResponse.parse(await first.issue()))
    const answers = await Promise.all([
      first.verify(solution),
      second.verify(solution),
      first.verify(solution),
    ])
    expect(answers.filter(Boolean)).toHaveLength(1)
    expect(await second.verify(solution)).toBe(false)
  })

  it('refuses a wrong number, a challenge it did not sign, an expired one, and anything not a solution', async () => {
    const captcha = provider()
    const good = decode(await solveCaptcha(CaptchaResponse.parse(await captcha.issue())))
    expect(await captcha.verify(encode({ ...good, number: (good.number as number) + 1 }))).toBe(false)
    // a challenge signed with another key: anyone can make one, only the store's passes
    const forged = await createChallenge({
      hmacKey: 'somebody-else-s-key-12345',
      maxNumber: 50,
      expires: new Date(Date.now() + 60_000),
    })
    expect(
      await captcha.verify(await solveCaptcha(CaptchaResponse.parse({ ...forged, maxnumber: 50 }))),
    ).toBe(false)
    // signed by the store, but solved after it expired
    const later = provider(() => new Date(Date.now() + (CHALLENGE_SECONDS + 1) * 1000))
    const old = await solveCaptcha(CaptchaResponse.parse(await captcha.issue()))
    expect(await later.verify(old)).toBe(false)
    for (const junk of [undefined, '', 'not base64 at all!', encode({}), encode([1]), 'a'.repeat(2_000)])
      expect(await captcha.verify(junk)).toBe(false)
    // the good one still passes: nothing above used it up
    expect(await captcha.verify(encode(good))).toBe(true)
  })

  it('keeps one HMAC key for every process, made on the first start unless one is configured', async () => {
    const a = await ensureCaptchaKey(database.db, undefined)
    const b = await ensureCaptchaKey(database.db, undefined)
    expect(a).toBe(b)
    expect(a.length).toBeGreaterThanOrEqual(32)
    expect(await ensureCaptchaKey(database.db, 'configured-key-0123456789')).toBe('configured-key-0123456789')
  })

  it('guards the SMS sends: without a solution 403, with a used one 403', async () => {
    const phone = `77${String(Date.now()).slice(-9)}`
    const send = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/account/api/v1/events/verify/phone',
        headers: { 'x-forwarded-for': '10.99.0.1', ...headers },
        payload: { phone, purpose: 'signup' },
      })
    expect((await send({})).statusCode).toBe(403)
    const res = await app.inject({ url: '/account/api/v1/captcha' })
    const solution = await solveCaptcha(CaptchaResponse.parse(res.json()))
    expect((await send({ 'x-captcha-token': solution })).statusCode).toBe(200)
    const replay = await send({ 'x-captcha-token': solution })
    expect(replay.statusCode).toBe(403)
    expect(replay.json().error.code).toBe('captcha_failed')
  })
})
