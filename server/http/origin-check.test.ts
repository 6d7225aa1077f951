import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../contract/common'
import { ERROR_KEYS } from '../../contract/values/common'
import { buildTestApp, testApp } from '../test/app'
import { signInTestUser, type TestUser } from '../test/auth'
import type { App } from './types'

type Res = Awaited<ReturnType<App['inject']>>

const PROFILE = '/account/api/v1/profile'
const EVIL = 'https://evil.example'
/** app.inject's requests come to `localhost:80`. */
const OWN = 'http://localhost'

function expectCrossSiteRefusal(res: Res) {
  expect(res.statusCode, res.body).toBe(403)
  const body = ErrorBody.parse(res.json())
  expect(body.error).toMatchObject({ code: 'forbidden', message: ERROR_KEYS.crossSiteRequest })
}

describe('the Origin check of changes (CSRF)', () => {
  let app: App
  let shopper: TestUser
  beforeAll(async () => {
    ;({ app } = await testApp())
    shopper = await signInTestUser(app, { firstname: 'Айжан' })
  })

  const rename = (firstname: string, headers: Record<string, string>) =>
    app.inject({
      method: 'PUT',
      url: PROFILE,
      headers: { cookie: shopper.cookieHeader, ...headers },
      payload: { firstname },
    })
  const firstname = async () =>
    (await app.inject({ url: PROFILE, headers: shopper.headers })).json<{ firstname: string }>().firstname

  it("refuses another site's change sent with the shopper's cookie, and changes nothing", async () => {
    expectCrossSiteRefusal(await rename('Злоумышленник', { origin: EVIL }))
    expectCrossSiteRefusal(await rename('Злоумышленник', { origin: 'null' }))
    // a look-alike host, and our host as a subdomain of another site
    expectCrossSiteRefusal(await rename('Злоумышленник', { origin: 'http://localhost.evil.example' }))
    expectCrossSiteRefusal(await rename('Злоумышленник', { origin: 'not a url' }))
    expect(await firstname()).toBe('Айжан')
  })

  it('refuses a change without Origin that the browser marks cross-site', async () => {
    expectCrossSiteRefusal(await rename('Злоумышленник', { 'sec-fetch-site': 'cross-site' }))
    expect(await firstname()).toBe('Айжан')
  })

  it("lets the store's own pages change, and clients that name no origin (curl, servers)", async () => {
    expect((await rename('Алия', { origin: OWN, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200)
    expect(await firstname()).toBe('Алия')
    expect((await rename('Дана', { origin: 'http://LOCALHOST:80' })).statusCode).toBe(200)
    expect((await rename('Айгуль', {})).statusCode).toBe(200)
    expect((await rename('Айжан', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200)
    expect(await firstname()).toBe('Айжан')
  })

  it('leaves reads alone: a GET from another site is what SameSite=Lax already allows', async () => {
    const res = await app.inject({ url: PROFILE, headers: { ...shopper.headers, origin: EVIL } })
    expect(res.statusCode, res.body).toBe(200)
  })

  it("lets providers' signed callbacks through from their own origin: their signature decides", async () => {
    for (const url of ['/payment/api/v1/callbacks/card', '/payment/api/v1/payment-order/callbacks/broker']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: {
          origin: 'https://acquirer.example',
          'sec-fetch-site': 'cross-site',
          'x-signature': 'sha256=00',
        },
        payload: {},
      })
      // past the Origin check: the route itself refuses the bad signature
      expect(res.statusCode, res.body).toBe(403)
      expect(ErrorBody.parse(res.json()).error.message).not.toBe(ERROR_KEYS.crossSiteRequest)
    }
  })
})

describe('the Origin check with PUBLIC_ORIGIN', () => {
  let app: App
  beforeAll(async () => {
    ;({ app } = await buildTestApp({ PUBLIC_ORIGIN: 'https://store.example.kz' }))
    await app.ready()
  })
  afterAll(() => app.close())

  const createCart = (origin: string) =>
    app.inject({ method: 'POST', url: '/cart/api/v2/carts', headers: { origin }, payload: { city_id: 1 } })

  it('takes exactly the configured origin, whatever host the request came to', async () => {
    expect((await createCart('https://store.example.kz')).statusCode).toBeLessThan(300)
    expectCrossSiteRefusal(await createCart('http://store.example.kz'))
    expectCrossSiteRefusal(await createCart(OWN))
  })
})
