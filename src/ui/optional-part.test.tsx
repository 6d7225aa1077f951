import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { optionalPart } from './optional-part'

describe('optionalPart', () => {
  it('renders the part once its code loads', async () => {
    const Part = optionalPart(() => Promise.resolve(() => <p>offer</p>))
    render(
      <Suspense>
        <p>page</p>
        <Part />
      </Suspense>,
    )
    expect(await screen.findByText('offer')).toBeTruthy()
  })

  it('renders nothing, and keeps the page, when its code cannot be fetched', async () => {
    const Part = optionalPart<object>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    )
    render(
      <Suspense>
        <p>page</p>
        <Part />
      </Suspense>,
    )
    expect(await screen.findByText('page')).toBeTruthy()
    expect(screen.queryByText('offer')).toBeNull()
  })
})
