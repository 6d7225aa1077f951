import { describe, expect, it } from 'vitest'
import { openPage, readPushMessage, type PageWindow, type PageWindows } from './push'

const ORIGIN = 'https://store.example.kz'

function windowsOf(urls: string[]) {
  const log: string[] = []
  const open: PageWindow[] = urls.map((url) => ({
    url,
    focus: async () => void log.push(`focus ${url}`),
    navigate: async (to: string) => void log.push(`navigate ${url} → ${to}`),
  }))
  const windows: PageWindows = {
    matchAll: async () => open,
    openWindow: async (url: string) => void log.push(`open ${url}`),
  }
  return { windows, log }
}

describe("the worker's push message", () => {
  const message = {
    title: 'Статус заказа',
    body: 'Заказ собирается.',
    url: '/my-account/orders/1',
    tag: 'order-1',
  }

  it('is read when it has a title, a body, a tag and a path of this store', () => {
    expect(readPushMessage(message)).toEqual(message)
  })

  it('is refused when it would open another site or lacks its words', () => {
    expect(readPushMessage({ ...message, url: 'https://evil.example/x' })).toBeNull()
    expect(readPushMessage({ ...message, url: '//evil.example/x' })).toBeNull()
    expect(readPushMessage({ ...message, title: '' })).toBeNull()
    expect(readPushMessage('text')).toBeNull()
    expect(readPushMessage(null)).toBeNull()
  })
})

describe('a tapped notification', () => {
  it('brings forward the window already showing its page', async () => {
    const { windows, log } = windowsOf([`${ORIGIN}/`, `${ORIGIN}/my-account/orders/1`])
    await openPage(windows, ORIGIN, '/my-account/orders/1')
    expect(log).toEqual([`focus ${ORIGIN}/my-account/orders/1`])
  })

  it('takes a window of the store to its page when none shows it, and brings it forward', async () => {
    const { windows, log } = windowsOf([`${ORIGIN}/catalog`])
    await openPage(windows, ORIGIN, '/p/phone')
    expect(log).toEqual([`navigate ${ORIGIN}/catalog → ${ORIGIN}/p/phone`, `focus ${ORIGIN}/catalog`])
  })

  it('opens a new window on its page when the store is not open', async () => {
    const { windows, log } = windowsOf([])
    await openPage(windows, ORIGIN, '/almaty_kk/p/phone')
    expect(log).toEqual([`open ${ORIGIN}/almaty_kk/p/phone`])
  })
})
