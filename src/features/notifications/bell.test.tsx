import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { getDefaultStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../contract/account'
import type { Notification, NotificationList } from '../../../contract/notifications'
import { sessionAtom } from '../../atoms/session'
import { MENU } from '../../testing/catalog-fixtures'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../testing/fake-fetch'
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
const ORDER = '44444444-4444-4444-8444-444444444444'
const note = (id: string, status: 'NEW' | 'READ', title: string): Notification => ({
  id,
  kind: 'payment_succeeded',
  status,
  title,
  text: 'Оплата 50 000 ₸ прошла успешно. Заказ передан в обработку.',
  link: `/my-account/orders/${ORDER}`,
  payload: { orderId: ORDER, number: '100200', amount: 50_000 },
  created_at: '2026-03-02T10:00:00+05:00',
})
const A = '55555555-5555-4555-8555-555555555551'
const B = '55555555-5555-4555-8555-555555555552'
const C = '55555555-5555-4555-8555-555555555553'

let signedIn: boolean
let notes: Notification[]
let listFails: boolean
let calls: RecordedCall[]

const unread = () => notes.filter((n) => n.status === 'NEW').length

function handler(call: RecordedCall): Response {
  if (call.path === '/account/api/v1/profile')
    return signedIn ? json(200, PROFILE) : errorAnswer(401, 'unauthorized', 'errors:pleaseLogInAgain')
  if (call.path === '/account/api/v1/auth/refresh')
    return errorAnswer(401, 'unauthorized', 'errors:pleaseLogInAgain')
  if (call.path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  if (call.path === '/notifications/api/v1/notes/unread') return json(200, { unread: unread() })
  if (call.path === '/notifications/api/v1/notes' && call.method === 'GET') {
    if (listFails) return errorAnswer(503, 'unavailable', 'errors:tryLater')
    return json(200, {
      notes,
      total: notes.length,
      unread: unread(),
      page: 1,
      limit: 20,
    } satisfies NotificationList)
  }
  if (call.path === '/notifications/api/v1/notes/read' && call.method === 'POST') {
    const { ids } = call.body as { ids: string[] }
    notes = notes.map((n) => (ids.includes(n.id) ? { ...n, status: 'READ' } : n))
    return json(200, { unread: unread() })
  }
  const deleted = /^\/notifications\/api\/v1\/notes\/([\w-]+)$/.exec(call.path)
  if (deleted && call.method === 'DELETE') {
    notes = notes.filter((n) => n.id !== deleted[1])
    return json(200, { deleted: true, unread: unread() })
  }
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

beforeEach(() => {
  signedIn = true
  listFails = false
  notes = [
    note(A, 'NEW', 'Заказ № 100200 оплачен'),
    note(B, 'NEW', 'Оплата заказа № 100199 не прошла'),
    note(C, 'READ', 'Старое'),
  ]
  calls = fakeFetch(handler).calls
  // a browser that signed in keeps the tdid cookie: the shell then asks for the profile
  document.cookie = 'tdid=td-1; path=/'
})

afterEach(() => {
  document.cookie = 'tdid=; path=/; max-age=0'
  getDefaultStore().set(sessionAtom, { signedIn: false })
  vi.unstubAllGlobals()
})

describe('the information centre in the header', () => {
  it('a guest has no bell', async () => {
    signedIn = false
    await renderAppAt('/')
    await waitFor(() => expect(calls.some((c) => c.path === '/account/api/v1/profile')).toBe(true))
    await waitFor(() => expect(screen.getByTestId('account-link').textContent).toBe('Войти'))
    expect(screen.queryByTestId('notifications-bell')).toBeNull()
    expect(calls.some((c) => c.path.startsWith('/notifications/'))).toBe(false)
  })

  it('shows the unread count; opening lists the notifications newest first and marks the new ones read', async () => {
    await renderAppAt('/')
    const bell = await screen.findByTestId('notifications-bell')
    await waitFor(() => expect(screen.getByTestId('notifications-count').dataset.count).toBe('2'))
    expect(bell.getAttribute('aria-label')).toBe('Уведомления: 2 непрочитанных')

    fireEvent.click(bell)
    const panel = await screen.findByTestId('notifications-panel')
    const items = await within(panel).findAllByTestId('notification')
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Заказ № 100200 оплачен'),
      expect.stringContaining('Оплата заказа № 100199 не прошла'),
      expect.stringContaining('Старое'),
    ])
    expect(items[0]!.textContent).toContain('02.03.2026')
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe(`/my-account/orders/${ORDER}`)
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/notifications/api/v1/notes/read')?.body).toEqual({ ids: [A, B] }),
    )
    await waitFor(() => expect(screen.getByTestId('notifications-count').hidden).toBe(true))
    // still marked as new for this look at the panel
    expect(items[0]!.textContent).toContain('Новое')
  })

  it('deletes a notification', async () => {
    await renderAppAt('/')
    fireEvent.click(await screen.findByTestId('notifications-bell'))
    const items = await screen.findAllByTestId('notification')
    fireEvent.click(within(items[2]!).getByTestId('notification-delete'))
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(2))
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith(C))).toBe(true)
  })

  it('says when there is nothing yet, and when the list cannot be read (errors:failedToGetInformationCenter)', async () => {
    notes = []
    await renderAppAt('/')
    fireEvent.click(await screen.findByTestId('notifications-bell'))
    expect((await screen.findByTestId('notifications-empty')).textContent).toContain('Уведомлений пока нет')
    fireEvent.keyDown(document, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByTestId('notifications-panel')).toBeNull())

    listFails = true
    notes = [note(A, 'NEW', 'Новое уведомление')]
    fireEvent.click(screen.getByTestId('notifications-bell'))
    // opening again reads the list afresh, and that read fails
    const error = await screen.findByTestId('notifications-error')
    expect(error.dataset.message).toBe('errors:failedToGetInformationCenter')
    expect(error.textContent).toContain('Не удалось получить уведомления')
    listFails = false
    fireEvent.click(within(error).getByRole('button', { name: 'Повторить' }))
    expect(await screen.findByText('Новое уведомление')).toBeTruthy()
  })
})
