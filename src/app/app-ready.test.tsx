import { renderToString } from 'preact-render-to-string'
import { act } from 'preact/test-utils'
import type { ReactElement } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { markAppReady, useAppReady, useIdleAfterStart } from './app-ready'

function Probe() {
  return <p>{useAppReady() ? 'ready' : 'starting'}</p>
}

function IdleProbe() {
  return <p>{useIdleAfterStart() ? 'idle' : 'waiting'}</p>
}

function mount(element: ReactElement) {
  const el = document.createElement('div')
  document.body.append(el)
  act(() => createRoot(el).render(element))
  return el
}

afterEach(() => {
  vi.useRealTimers()
  delete document.documentElement.dataset.app
  document.body.innerHTML = ''
})

describe('useAppReady', () => {
  it('is false on the server', () => {
    expect(renderToString(<Probe />)).toBe('<p>starting</p>')
  })

  it('turns true when the page is marked ready, and marks <html>', () => {
    const el = document.createElement('div')
    document.body.append(el)
    act(() => createRoot(el).render(<Probe />))
    expect(el.textContent).toBe('starting')
    act(() => markAppReady())
    expect(el.textContent).toBe('ready')
    expect(document.documentElement.dataset.app).toBe('ready')
  })

  it('is true at once for a part first rendered after the start', () => {
    markAppReady()
    const el = document.createElement('div')
    document.body.append(el)
    act(() => createRoot(el).render(<Probe />))
    expect(el.textContent).toBe('ready')
  })
})

describe('useIdleAfterStart', () => {
  it('waits for the page to be ready, then for an idle moment in a later task', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback', 'cancelIdleCallback'] })
    const el = mount(<IdleProbe />)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000)
    })
    expect(el.textContent).toBe('waiting')
    act(() => markAppReady())
    // not in the task that marked the page ready
    expect(el.textContent).toBe('waiting')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000)
    })
    expect(el.textContent).toBe('idle')
  })
})
