import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createToastStore, TOAST_AUTO_CLOSE_MS } from './toast-store'

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows a toast with the default button status and tells subscribers', () => {
    const store = createToastStore()
    const listener = vi.fn()
    store.subscribe(listener)
    const onClick = vi.fn()
    const id = store.show({ title: 'Доступна новая версия', button: { label: 'Обновить', onClick } })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(store.getSnapshot()).toEqual([
      {
        id,
        status: 'button',
        title: 'Доступна новая версия',
        button: { label: 'Обновить', onClick },
        duration: 5000,
      },
    ])
  })

  it('closes a toast by itself after exactly 5000 ms', () => {
    expect(TOAST_AUTO_CLOSE_MS).toBe(5000)
    const store = createToastStore()
    store.success('Товар добавлен в корзину')
    vi.advanceTimersByTime(4999)
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot()).toHaveLength(0)
  })

  it('keeps a toast with duration null until it is dismissed', () => {
    const store = createToastStore()
    const id = store.warning('Нет сети', { duration: null })
    vi.advanceTimersByTime(60_000)
    expect(store.getSnapshot().map((t) => t.id)).toEqual([id])
    store.dismiss(id)
    expect(store.getSnapshot()).toEqual([])
  })

  it('pauses the countdown while hovered and resumes with the time that was left', () => {
    const store = createToastStore()
    const id = store.error('Не удалось')
    vi.advanceTimersByTime(3000)
    store.pause(id)
    vi.advanceTimersByTime(20_000)
    expect(store.getSnapshot()).toHaveLength(1)
    store.resume(id)
    vi.advanceTimersByTime(1999)
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot()).toHaveLength(0)
  })

  it('replaces an open toast shown again with the same id and restarts its timer', () => {
    const store = createToastStore()
    store.show({ id: 'offline', status: 'warning', title: 'Нет сети' })
    vi.advanceTimersByTime(4000)
    store.show({ id: 'offline', status: 'warning', title: 'Всё ещё нет сети' })
    vi.advanceTimersByTime(4000)
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['Всё ещё нет сети'])
    vi.advanceTimersByTime(1000)
    expect(store.getSnapshot()).toEqual([])
  })

  it('drops the oldest toast when more than the visible maximum are open', () => {
    const store = createToastStore({ maxVisible: 2 })
    store.success('a')
    store.success('b')
    store.success('c')
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['b', 'c'])
  })

  it('sets each status through its shortcut', () => {
    const store = createToastStore()
    store.success('s')
    store.error('e')
    store.warning('w')
    expect(store.getSnapshot().map((t) => t.status)).toEqual(['success', 'error', 'warning'])
  })

  it('stops telling a listener after it unsubscribes, and clear empties the list', () => {
    const store = createToastStore()
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.success('a')
    unsubscribe()
    store.success('b')
    expect(listener).toHaveBeenCalledTimes(1)
    store.clear()
    expect(store.getSnapshot()).toEqual([])
    vi.advanceTimersByTime(10_000)
    expect(store.getSnapshot()).toEqual([])
  })
})
