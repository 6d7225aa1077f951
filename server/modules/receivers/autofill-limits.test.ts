import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../../contract/common'
import type { App } from '../../http/types'
import { localOrganisations } from '../../providers/organisation-registry/local'
import { buildTestApp } from '../../test/app'
import { randomClientIp, signInTestUser } from '../../test/auth'

const AUTOFILL = '/account/api/v2/receivers/autofill'

let app: App
beforeAll(async () => {
  ;({ app } = await buildTestApp({
    ORGANISATION_LOOKUPS_PER_SHOPPER_HOUR: '2',
    ORGANISATION_LOOKUPS_PER_ADDRESS_HOUR: '3',
  }))
  await app.ready()
})
afterAll(() => app.close())

const bin = localOrganisations()[0]!.bin
const lookup = (headers: Record<string, string>, value = bin) =>
  app.inject({ method: 'POST', url: AUTOFILL, headers, payload: { bin: value } })

function expectTooMany(res: Awaited<ReturnType<typeof lookup>>) {
  expect(res.statusCode, res.body).toBe(429)
  expect(ErrorBody.parse(res.json()).error.code).toBe('too_many_requests')
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1)
}

describe('the organisation registry lookups by BIN', () => {
  it('answers a shopper the hourly lookups, then 429; an impossible BIN spends none', async () => {
    const user = await signInTestUser(app)
    const headers = { ...user.headers, 'x-forwarded-for': randomClientIp() }
    expect((await lookup(headers, '000000000001')).statusCode).toBe(400)
    expect((await lookup(headers)).statusCode).toBe(200)
    expect((await lookup(headers)).statusCode).toBe(200)
    expectTooMany(await lookup(headers))
    // the same shopper from another address is the same shopper
    expectTooMany(await lookup({ ...user.headers, 'x-forwarded-for': randomClientIp() }))
  })

  it('caps the lookups of one address, whoever the shoppers are', async () => {
    const ip = randomClientIp()
    for (let i = 0; i < 3; i++) {
      const user = await signInTestUser(app)
      expect((await lookup({ ...user.headers, 'x-forwarded-for': ip })).statusCode).toBe(200)
    }
    const last = await signInTestUser(app)
    expectTooMany(await lookup({ ...last.headers, 'x-forwarded-for': ip }))
  })
})
