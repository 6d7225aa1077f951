import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../contract/account'
import type { Address, Organization, Receiver } from '../../../contract/account-area'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../testing/fake-fetch'
import { MENU } from '../../testing/catalog-fixtures'
import { renderAppAt } from '../../testing/render-app'

window.scrollTo = () => undefined

const PROFILE: Profile = {
  id: '11111111-1111-4111-8111-111111111111',
  firstname: 'Дана',
  lastname: 'Серикова',
  phone: '77011112233',
  email: 'dana@example.kz',
  tdid: 'td-1',
  kind: 'full',
  type: 'individual',
}
const ADDRESS: Address = {
  id: '22222222-2222-4222-8222-222222222222',
  city_id: 1,
  street: 'проспект Абая',
  house: '150',
  floor: '5',
  apartment: '21',
  comment: null,
  isDefault: true,
}
const ORG: Organization = {
  name: 'ТОО «Алатау Трейд»',
  bin: '070540010017',
  address: 'г. Алматы, пр. Абая, 150',
}

let signedIn: boolean
let receivers: Receiver[]
let calls: RecordedCall[]

function handler(call: RecordedCall): Response {
  if (call.path === '/account/api/v1/profile')
    return signedIn ? json(200, PROFILE) : errorAnswer(401, 'unauthorized', 'errors:pleaseLogInAgain')
  if (call.path === '/account/api/v1/auth/refresh')
    return errorAnswer(401, 'unauthorized', 'errors:pleaseLogInAgain')
  if (call.path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  if (call.path === '/account/api/v2/addresses') return json(200, [ADDRESS])
  if (call.path === '/oms/api/v3/orders/history') {
    const forOrganization = call.url.includes('isOrganization=true')
    return json(200, {
      orders: [
        {
          order_id: '44444444-4444-4444-8444-444444444444',
          number: forOrganization ? '700002' : '700001',
          status: 'NEW',
          created_at: '2026-11-01T10:00:00+05:00',
          total: 150_000,
          city_id: 1,
          delivery_type: 'PICKUP',
          isOrganization: forOrganization,
          items: [],
        },
      ],
      statuses: [],
      count: 1,
    })
  }
  if (call.path === '/account/api/v2/receivers' && call.method === 'GET') return json(200, receivers)
  if (call.path === '/account/api/v2/receivers' && call.method === 'POST') {
    const body = call.body as Omit<Receiver, 'id' | 'emailFromProfile'>
    const saved: Receiver = {
      ...body,
      id: '33333333-3333-4333-8333-333333333333',
      email: PROFILE.email,
      emailFromProfile: true,
      phone: '77015554433',
    }
    receivers = [saved]
    return json(201, saved)
  }
  if (call.path === '/account/api/v2/receivers/autofill') {
    const { bin } = call.body as { bin: string }
    return bin === ORG.bin ? json(200, ORG) : errorAnswer(400, 'bad_request', 'errors:invalidBin')
  }
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

/** The readable cookie the server sets with the token cookies: the client then asks for the profile. */
function setSignedIn(value: boolean) {
  signedIn = value
  document.cookie = value ? 'tdid=td-1; path=/' : 'tdid=; path=/; max-age=0'
}

beforeEach(() => {
  setSignedIn(true)
  receivers = []
  calls = fakeFetch((call) => handler(call)).calls
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const renderAt = renderAppAt

describe('the account area', () => {
  it('sends a signed-out shopper to /login with the way back', async () => {
    setSignedIn(false)
    const router = await renderAt('/astana/my-account/address-book')
    expect(router.state.location.pathname).toBe('/astana/login')
    expect(router.state.location.search).toEqual({ redirect: '/astana/my-account/address-book' })
  })

  it('lets a guest see the guest page without signing in', async () => {
    setSignedIn(false)
    const router = await renderAt('/my-account/guest')
    expect(router.state.location.pathname).toBe('/my-account/guest')
    expect(await screen.findByTestId('guest-sign-in')).toBeTruthy()
  })

  it('lists the addresses and adds an organisation receiver found by its BIN', async () => {
    await renderAt('/my-account/address-book')
    const item = await screen.findByTestId('address-item')
    expect(item.textContent).toContain('проспект Абая, 150, этаж 5, кв. 21')
    expect(item.textContent).toContain('Основной')

    fireEvent.click(screen.getByTestId('receiver-add'))
    const form = screen.getByTestId('receiver-form')
    fireEvent.change(within(form).getByLabelText('Имя'), { target: { value: 'Ерлан' } })
    fireEvent.change(within(form).getByLabelText('Фамилия'), { target: { value: 'Ахметов' } })
    fireEvent.change(within(form).getByLabelText('Телефон'), { target: { value: '+7 701 555 44 33' } })
    fireEvent.click(screen.getByTestId('receiver-is-organization'))
    fireEvent.change(within(form).getByLabelText(/БИН организации/), { target: { value: '0705 4001 0018' } })
    fireEvent.click(screen.getByTestId('receiver-bin-lookup'))
    expect((await within(form).findByRole('alert')).textContent).toContain('БИН введён с ошибкой')
    expect((screen.getByTestId('receiver-save') as HTMLButtonElement).disabled).toBe(true)

    fireEvent.change(within(form).getByLabelText(/БИН организации/), { target: { value: ORG.bin } })
    fireEvent.click(screen.getByTestId('receiver-bin-lookup'))
    expect((await screen.findByTestId('receiver-organization-found')).textContent).toContain(ORG.name)
    fireEvent.click(screen.getByTestId('receiver-save'))

    const saved = await screen.findByTestId('receiver-item')
    expect(saved.textContent).toContain('ТОО «Алатау Трейд», БИН 070540010017')
    expect(saved.textContent).toContain('dana@example.kz (из профиля)')
    const post = calls.find((c) => c.path === '/account/api/v2/receivers' && c.method === 'POST')
    expect(post?.body).toMatchObject({
      isOrganization: true,
      organization: ORG,
      phone: '+7 701 555 44 33',
      email: '',
    })
  })

  it('filters the order history by buyer: the choice is in the address and in the request', async () => {
    const router = await renderAt('/my-account/orders-list')
    expect(await screen.findByText(/700001/)).toBeTruthy()
    fireEvent.change(screen.getByTestId('orders-buyer'), { target: { value: 'true' } })
    expect(await screen.findByText(/700002/)).toBeTruthy()
    expect(router.state.location.search).toMatchObject({ isOrganization: true })
    const asked = calls.filter((c) => c.path === '/oms/api/v3/orders/history').at(-1)
    expect(asked?.url).toContain('isOrganization=true')
  })
})
