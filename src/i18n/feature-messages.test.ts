import { i18n as shared, setupI18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { describe, expect, it } from 'vitest'
import { loadFeatureMessages } from './feature-messages'

// a text of the reviews' own catalogue (src/locales/*/reviews.po)
const POSITIVE = msg`Положительные`

describe('loadFeatureMessages', () => {
  it("loads a catalogue into the instance a server render reads from, not only the browser's shared one", async () => {
    const render = setupI18n({ locale: 'kk', messages: { kk: {} } })
    const promise = loadFeatureMessages('reviews', 'kk', render)
    // the same promise while it lasts, for use() in a render
    expect(loadFeatureMessages('reviews', 'kk', render)).toBe(promise)
    await promise
    expect(render._(POSITIVE)).toBe('Оң')
    // another render's instance has its own load
    const other = setupI18n({ locale: 'kk', messages: { kk: {} } })
    expect(loadFeatureMessages('reviews', 'kk', other)).not.toBe(promise)
    expect(shared.messages).not.toHaveProperty(POSITIVE.id!)
  })
})
