import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Review } from '../../../contract/reviews'
import { positiveShare } from './queries'
import { ReviewCard } from './review-card'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'ru', messages: {} })
})

const renderUi = (ui: ReactNode) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)

function aReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 7,
    rating: 4,
    status: 'APPROVED',
    text: 'Хороший телефон',
    pros: 'Экран',
    cons: 'Цена',
    author: 'Айгерим С.',
    verified_purchase: true,
    product: { title: 'Телефон', images: [], sku: '100', uri: 'telefon-100', type: 'regular' },
    created_at: '2026-03-05T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
    reactions: { likes: 3, dislikes: 1, your_reaction: '' },
    media: [],
    ...overrides,
  }
}

declare global {
  interface Window {
    reviewScriptRan?: boolean
  }
}

describe('a review', () => {
  it('shows markup in a review as text: a <script> in it never runs and adds no element', () => {
    const attack =
      '<script>window.reviewScriptRan = true</script><img src=x onerror="window.reviewScriptRan=true">'
    const { container } = renderUi(
      <ReviewCard review={aReview({ text: attack, pros: attack, cons: attack })} />,
    )
    expect(screen.getByTestId('review-text').textContent).toBe(attack)
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('img[src="x"]')).toBeNull()
    expect(window.reviewScriptRan).toBeUndefined()
  })

  it('shows the author, the date as dd.MM.yyyy, the stars, pros, cons and the verified purchase', () => {
    renderUi(<ReviewCard review={aReview()} />)
    expect(screen.getByText('Айгерим С.')).toBeTruthy()
    expect(screen.getByText('05.03.2026')).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Оценка 4 из 5' })).toBeTruthy()
    expect(screen.getByText('Покупка подтверждена')).toBeTruthy()
    expect(screen.getByText('Экран')).toBeTruthy()
  })
})

describe('the positive share', () => {
  it('is the 4- and 5-star share as a percent with one decimal', () => {
    const stars = { rating: 4, stars_one: 1, stars_two: 0, stars_three: 2, stars_four: 2, stars_five: 3 }
    expect(positiveShare(stars, 8)).toBe(62.5)
    expect(positiveShare({ ...stars, stars_five: 4 }, 9)).toBe(66.7)
    expect(positiveShare(stars, 0)).toBe(0)
  })
})
