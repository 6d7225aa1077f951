import { beforeAll, describe, expect, it } from 'vitest'
import { Address, AddressList } from '../../../contract/account-area'
import { ErrorBody } from '../../../contract/common'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import { MAX_ADDRESSES } from './service'

let app: App
let alice: TestUser
let bob: TestUser
const URL = '/account/api/v2/addresses'

beforeAll(async () => {
  ;({ app } = await testApp())
  ;[alice, bob] = await Promise.all([signInTestUser(app), signInTestUser(app)])
})

const home = { city_id: 1, street: 'пр. Абая', house: '150', floor: '5', apartment: '21' }

async function add(user: TestUser, body: object = home) {
  const res = await app.inject({ method: 'POST', url: URL, headers: user.headers, payload: body })
  expect(res.statusCode, res.body).toBe(201)
  return Address.parse(res.json())
}

async function list(user: TestUser) {
  const res = await app.inject({ url: URL, headers: user.headers })
  expect(res.statusCode).toBe(200)
  return AddressList.parse(res.json())
}

function expectError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status)
  return ErrorBody.parse(res.json()).error
}

describe('addresses (spec 7.7)', () => {
  it('needs a signed-in shopper', async () => {
    expectError(await app.inject({ url: URL }), 401)
    expectError(await app.inject({ method: 'POST', url: URL, payload: home }), 401)
  })

  it('keeps street, house, floor and apartment; the first address becomes the default', async () => {
    const user = await signInTestUser(app)
    const first = await add(user)
    expect(first).toMatchObject({
      street: 'пр. Абая',
      house: '150',
      floor: '5',
      apartment: '21',
      isDefault: true,
    })
    const second = await add(user, { city_id: 2, street: 'ул. Кенесары', house: '40' })
    expect(second).toMatchObject({ floor: null, apartment: null, isDefault: false })
    expect((await list(user)).map((a) => a.id)).toEqual([first.id, second.id])
  })

  it('moves the default when another address is chosen, by PUT with the id in the body or the path', async () => {
    const user = await signInTestUser(app)
    const a = await add(user)
    const b = await add(user, { ...home, house: '152' })
    const res = await app.inject({
      method: 'PUT',
      url: URL,
      headers: user.headers,
      payload: { ...home, id: b.id, house: '152А', isDefault: true },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(Address.parse(res.json())).toMatchObject({ house: '152А', isDefault: true })
    const after = await list(user)
    expect(after.find((x) => x.id === a.id)?.isDefault).toBe(false)
    const byPath = await app.inject({
      method: 'PUT',
      url: `${URL}/${a.id}`,
      headers: user.headers,
      payload: { ...home, apartment: '' },
    })
    expect(Address.parse(byPath.json()).apartment).toBeNull()
  })

  it('deletes by path or body, and the newest remaining address becomes the default', async () => {
    const user = await signInTestUser(app)
    const a = await add(user)
    const b = await add(user, { ...home, house: '2' })
    const c = await add(user, { ...home, house: '3' })
    expect(
      (await app.inject({ method: 'DELETE', url: `${URL}/${a.id}`, headers: user.headers })).statusCode,
    ).toBe(200)
    expect((await list(user)).find((x) => x.isDefault)?.id).toBe(c.id)
    const res = await app.inject({ method: 'DELETE', url: URL, headers: user.headers, payload: { id: b.id } })
    expect(res.json()).toEqual({ deleted: true })
    expect((await list(user)).map((x) => x.id)).toEqual([c.id])
  })

  it("answers 404 for another shopper's address and leaves it as it was", async () => {
    const mine = await add(alice, { ...home, street: 'Алисина' })
    const put = await app.inject({
      method: 'PUT',
      url: URL,
      headers: bob.headers,
      payload: { ...home, id: mine.id, street: 'Чужая' },
    })
    expectError(put, 404)
    expectError(
      await app.inject({ method: 'PUT', url: `${URL}/${mine.id}`, headers: bob.headers, payload: home }),
      404,
    )
    expectError(await app.inject({ method: 'DELETE', url: `${URL}/${mine.id}`, headers: bob.headers }), 404)
    expectError(
      await app.inject({ method: 'DELETE', url: URL, headers: bob.headers, payload: { id: mine.id } }),
      404,
    )
    expect((await list(alice)).find((x) => x.id === mine.id)).toEqual(mine)
    expect(await list(bob)).toEqual([])
  })

  it('refuses malformed input with 400 and the field, and an unknown city', async () => {
    const user = await signInTestUser(app)
    for (const body of [
      { ...home, street: '' },
      { ...home, house: 'x'.repeat(21) },
      { ...home, city_id: 9 },
      { street: 'a' },
    ]) {
      const error = expectError(
        await app.inject({ method: 'POST', url: URL, headers: user.headers, payload: body }),
        400,
      )
      expect(error.details).toBeTruthy()
    }
    expectError(await app.inject({ method: 'DELETE', url: `${URL}/not-a-uuid`, headers: user.headers }), 400)
    expect(await list(user)).toEqual([])
  })

  it(`stops at ${MAX_ADDRESSES} addresses with 422`, async () => {
    const user = await signInTestUser(app)
    for (let i = 0; i < MAX_ADDRESSES; i++) await add(user, { ...home, house: String(i + 1) })
    const res = await app.inject({ method: 'POST', url: URL, headers: user.headers, payload: home })
    expect(expectError(res, 422).message).toBe('errors:tooManyAddresses')
  })
})
