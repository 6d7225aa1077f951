import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { Toaster } from './toaster'
import { createToastStore } from './toast-store'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'ru', messages: {} })
})

function renderToaster() {
  const store = createToastStore()
  const onOutsideClick = vi.fn()
  render(
    <I18nProvider i18n={i18n}>
      <div onClick={onOutsideClick}>
        <Toaster store={store} />
      </div>
    </I18nProvider>,
  )
  return { store, onOutsideClick }
}

describe('Toaster', () => {
  it('announces errors and warnings as alerts and the rest as status messages', () => {
    const { store } = renderToaster()
    act(() => {
      store.error('Не удалось добавить товар')
      store.warning('Нет сети')
      store.success('Готово')
    })
    const toaster = screen.getByTestId('toaster')
    expect(
      within(toaster)
        .getAllByRole('alert')
        .map((el) => el.textContent),
    ).toEqual([expect.stringContaining('Не удалось добавить товар'), expect.stringContaining('Нет сети')])
    expect(within(toaster).getByRole('status')).toHaveProperty(
      'textContent',
      expect.stringContaining('Готово'),
    )
  })

  it("runs the button's handler without the click reaching the page, then closes the toast", () => {
    const { store, onOutsideClick } = renderToaster()
    const onClick = vi.fn()
    act(() => {
      store.show({ title: 'Доступна новая версия', button: { label: 'Обновить', onClick } })
    })
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }))
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(onOutsideClick).not.toHaveBeenCalled()
    expect(store.getSnapshot()).toEqual([])
    expect(screen.queryByText('Доступна новая версия')).toBeNull()
  })

  it('shows a status icon and closes with the close icon', () => {
    const { store } = renderToaster()
    act(() => {
      store.success('Сохранено')
    })
    const toast = screen.getByRole('status')
    expect(toast.querySelectorAll('svg')).toHaveLength(2)
    expect(toast.dataset.status).toBe('success')
    fireEvent.click(within(toast).getByRole('button', { name: 'Закрыть уведомление' }))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('disappears from the screen after 5000 ms', () => {
    vi.useFakeTimers()
    try {
      const { store } = renderToaster()
      act(() => {
        store.warning('Проверьте адрес')
      })
      act(() => {
        vi.advanceTimersByTime(4999)
      })
      expect(screen.queryByText('Проверьте адрес')).not.toBeNull()
      act(() => {
        vi.advanceTimersByTime(1)
      })
      expect(screen.queryByText('Проверьте адрес')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})
