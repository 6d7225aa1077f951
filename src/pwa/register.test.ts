import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { registerServiceWorker } from './register'

let container: EventTarget

beforeEach(() => {
  container = new EventTarget()
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true })
})
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('registration', () => {
  it('registers nothing outside a production build', () => {
    const register = vi.fn()
    Object.defineProperty(navigator, 'serviceWorker', {
      value: Object.assign(container, { register }),
      configurable: true,
    })
    registerServiceWorker({ onNeedRefresh: vi.fn() })
    expect(register).not.toHaveBeenCalled()
  })
})
