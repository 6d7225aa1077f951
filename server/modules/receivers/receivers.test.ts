import { beforeAll, describe, expect, it } from 'vitest'
import { Organization, Receiver, ReceiverList } from '../../../contract/account-area'
import { ErrorBody } from '../../../contract/common'
import type { App } from '../../http/types'
import { completeBin } from '../../providers/organisation-registry/bin'
import { localOrganisations } from '../../providers/organisation-registry/local'
import type { OrganisationRegistry } from '../../providers/organisation-registry/provider'
import { testApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import type { ReceiverRepo } from './repo'
import { createReceiverService } from './service'

let app: App
const URL = '/account/api/v2/receivers'

beforeAll(async () => {
  ;({ app } = await testApp())
})

const person = { firstname: 'Айгерим', lastname: 'Серикова', phone: '+7 701 234 56 78' }

function expectError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status)
  return ErrorBody.parse(res.json()).error
}

async function add(user: TestUser, body: object) {
  const res = await app.inject({ method: 'POST', url: URL, headers: user.headers, payload: body })
  expect(res.statusCode, res.body).toBe(201)
  return Receiver.parse(res.json())
}

async function list(user: TestUser) {
  return ReceiverList.parse((await app.inject({ url: URL, headers: user.headers })).json())
}

describe('receivers (spec 3, 7.7)', () => {
  it("stores the phone's digits and falls back to the profile's email when the receiver has none", async () => {
    const user = await signInTestUser(app, { email: `r${Date.now()}@example.kz` })
    const own = await add(user, { ...person, email: 'Aigerim@Mail.KZ' })
    expect(own).toMatchObject({ phone: '77012345678', email: 'aigerim@mail.kz', emailFromProfile: false })
    const blank = await add(user, { ...person, email: '' })
    expect(blank.email).toMatch(/^r\d+@example\.kz$/)
    expect(blank.emailFromProfile).toBe(true)
    expect((await list(user)).length).toBe(2)
  })

  it('keeps an organisation receiver with its name, BIN and address', async () => {
    const user = await signInTestUser(app)
    const org = localOrganisations()[0]!
    const saved = await add(user, { ...person, isOrganization: true, organization: org })
    expect(saved).toMatchObject({ isOrganization: true, organization: org })
  })

  it('refuses an organisation without its organisation, a bad BIN checksum, a bad phone or email', async () => {
    const user = await signInTestUser(app)
    const org = localOrganisations()[0]!
    const badBin = `${org.bin.slice(0, 11)}${(Number(org.bin[11]) + 1) % 10}`
    for (const body of [
      { ...person, isOrganization: true },
      { ...person, isOrganization: true, organization: { ...org, bin: badBin } },
      { ...person, isOrganization: true, organization: { ...org, bin: '12345' } },
      { ...person, phone: '12345' },
      { ...person, email: 'not-an-email' },
      { ...person, firstname: '' },
    ])
      expectError(await app.inject({ method: 'POST', url: URL, headers: user.headers, payload: body }), 400)
    expect(await list(user)).toEqual([])
  })

  it("answers 404 for another shopper's receiver and changes nothing", async () => {
    const [alice, bob] = await Promise.all([signInTestUser(app), signInTestUser(app)])
    const mine = await add(alice, person)
    expectError(
      await app.inject({
        method: 'PUT',
        url: URL,
        headers: bob.headers,
        payload: { ...person, id: mine.id, firstname: 'Боб' },
      }),
      404,
    )
    expectError(
      await app.inject({ method: 'PUT', url: `${URL}/${mine.id}`, headers: bob.headers, payload: person }),
      404,
    )
    expectError(await app.inject({ method: 'DELETE', url: `${URL}/${mine.id}`, headers: bob.headers }), 404)
    expectError(
      await app.inject({ method: 'DELETE', url: URL, headers: bob.headers, payload: { id: mine.id } }),
      404,
    )
    expect(await list(alice)).toEqual([mine])
  })

  it('changes and deletes its own receivers', async () => {
    const user = await signInTestUser(app)
    const r = await add(user, person)
    const res = await app.inject({
      method: 'PUT',
      url: `${URL}/${r.id}`,
      headers: user.headers,
      payload: { ...person, lastname: 'Ахметова' },
    })
    expect(Receiver.parse(res.json()).lastname).toBe('Ахметова')
    expect(
      (await app.inject({ method: 'DELETE', url: URL, headers: user.headers, payload: { id: r.id } }))
        .statusCode,
    ).toBe(200)
    expect(await list(user)).toEqual([])
  })
})

describe('POST /receivers/autofill {bin}', () => {
  it('fills the organisation of a registered BIN', async () => {
    const user = await signInTestUser(app)
    const org = localOrganisations()[3]!
    const res = await app.inject({
      method: 'POST',
      url: `${URL}/autofill`,
      headers: user.headers,
      payload: { bin: org.bin },
    })
    expect(res.statusCode).toBe(200)
    expect(Organization.parse(res.json())).toEqual(org)
  })

  it('answers 400 for a malformed or checksum-failing BIN and 404 for a valid one nobody registered', async () => {
    const user = await signInTestUser(app)
    const post = (bin: unknown) =>
      app.inject({ method: 'POST', url: `${URL}/autofill`, headers: user.headers, payload: { bin } })
    for (const bin of ['12345', '12345678901a', 12, '', '070540000011 ']) expectError(await post(bin), 400)
    const org = localOrganisations()[0]!
    expect(
      expectError(await post(`${org.bin.slice(0, 11)}${(Number(org.bin[11]) + 1) % 10}`), 400).message,
    ).toBe('errors:invalidBin')
    const known = new Set(localOrganisations().map((o) => o.bin))
    const unknown = ['99014000001', '99014000002', '99014000003']
      .map(completeBin)
      .find((b) => b && !known.has(b))
    expect(expectError(await post(unknown), 404).message).toBe('errors:organizationNotFound')
  })

  it('needs a signed-in shopper', async () => {
    expectError(
      await app.inject({
        method: 'POST',
        url: `${URL}/autofill`,
        payload: { bin: localOrganisations()[0]!.bin },
      }),
      401,
    )
  })

  it('gives up on a registry slower than the timeout with 504, and a failing one with 502', async () => {
    const repo = {} as ReceiverRepo
    const never: OrganisationRegistry = {
      lookup: (_bin, signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error)),
        ),
    }
    const slow = createReceiverService({ repo, registry: never, autofillTimeoutMs: 30 })
    const bin = localOrganisations()[0]!.bin
    await expect(slow.autofill(bin)).rejects.toMatchObject({ statusCode: 504, code: 'provider_timeout' })
    // a registry that ignores the abort and never answers is given up on all the same
    const deaf = createReceiverService({
      repo,
      registry: { lookup: () => new Promise(() => {}) },
      autofillTimeoutMs: 30,
    })
    await expect(deaf.autofill(bin)).rejects.toMatchObject({ statusCode: 504, code: 'provider_timeout' })
    const warned: object[] = []
    const broken = createReceiverService({
      repo,
      registry: { lookup: () => Promise.reject(new Error('HTTP 500')) },
      log: { warn: (details) => void warned.push(details) },
    })
    await expect(broken.autofill(bin)).rejects.toMatchObject({
      statusCode: 502,
      code: 'provider_unavailable',
    })
    expect(warned).toMatchObject([{ provider: 'registry', operation: 'lookup' }])
  })
})
