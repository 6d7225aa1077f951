import { setupI18n } from '@lingui/core'
import { I18nProvider, useLingui } from '@lingui/react'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { addMessages } from './add-messages'

function pageWith(counter: { renders: number }) {
  const i18n = setupI18n({ locale: 'ru', messages: { ru: { title: 'Главная' } } })
  function Page() {
    const { i18n: read } = useLingui()
    counter.renders += 1
    return <h1>{read._('title')}</h1>
  }
  render(
    <I18nProvider i18n={i18n}>
      <Page />
    </I18nProvider>,
  )
  return i18n
}

describe('addMessages', () => {
  it("adds a part's texts to the active language without re-rendering the page", async () => {
    const counter = { renders: 0 }
    const i18n = pageWith(counter)
    const before = counter.renders
    await act(async () => addMessages(i18n, 'ru', { chat: 'Чат' }))
    expect(i18n._('chat')).toBe('Чат')
    expect(i18n._('title')).toBe('Главная')
    expect(counter.renders).toBe(before)
    // what the page would have paid through lingui's own load: a render of everything reading texts
    await act(async () => i18n.load('ru', { other: 'Другое' }))
    expect(counter.renders).toBeGreaterThan(before)
    expect(screen.getByRole('heading').textContent).toBe('Главная')
  })

  it('loads texts of a language not active (or not loaded) the way lingui does', () => {
    const i18n = setupI18n({ locale: 'ru', messages: { ru: { title: 'Главная' } } })
    addMessages(i18n, 'kk', { chat: 'Чат' })
    expect(i18n._('chat')).toBe('chat')
    i18n.activate('kk')
    expect(i18n._('chat')).toBe('Чат')
    // an instance whose active language has no catalogue yet keeps what it is given
    const empty = setupI18n({ locale: 'kk' })
    addMessages(empty, 'kk', { chat: 'Чат' })
    expect(empty._('chat')).toBe('Чат')
  })
})
