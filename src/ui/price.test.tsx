import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { Price } from './price'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'ru', messages: {} })
})

const renderPrice = (ui: ReactNode) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>).container

describe('Price', () => {
  it('shows the amount in tenge with its machine-readable value', () => {
    const container = renderPrice(<Price amount={1299990} />)
    const data = container.querySelector('data')
    expect(data?.getAttribute('value')).toBe('1299990')
    expect(data?.textContent).toBe('1\u00a0299\u00a0990\u00a0₸')
    expect(container.querySelector('s')).toBeNull()
  })

  it('strikes through the old price only when it is higher', () => {
    const discounted = renderPrice(<Price amount={90000} oldAmount={120000} />)
    expect(discounted.querySelector('s')?.textContent).toBe('Цена без скидки: 120\u00a0000\u00a0₸')
    const same = renderPrice(<Price amount={90000} oldAmount={90000} />)
    expect(same.querySelector('s')).toBeNull()
  })
})
