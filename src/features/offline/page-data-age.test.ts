import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { pageDataAge } from './page-data-age'

describe('the age of the data on screen', () => {
  it('is that of the oldest query the page reads, not of everything cached', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    client.setQueryData(['listing'], { products: [] }, { updatedAt: 2_000 })
    client.setQueryData(['menu'], { items: [] }, { updatedAt: 1_000 })
    client.setQueryData(['unused'], 1, { updatedAt: 10 })
    expect(pageDataAge(client)).toEqual({ oldest: null, refreshFailed: false })

    const stop = [
      new QueryObserver(client, {
        queryKey: ['listing'],
        queryFn: () => ({ products: [] }),
        staleTime: Infinity,
      }),
      new QueryObserver(client, { queryKey: ['menu'], queryFn: () => ({ items: [] }), staleTime: Infinity }),
    ].map((o) => o.subscribe(() => undefined))
    expect(pageDataAge(client)).toEqual({ oldest: 1_000, refreshFailed: false })
    stop.forEach((s) => s())
  })

  it('says when refreshing what is shown failed', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    client.setQueryData(['listing'], 'old', { updatedAt: 1_000 })
    const observer = new QueryObserver(client, {
      queryKey: ['listing'],
      queryFn: () => Promise.reject(new Error('offline')),
      staleTime: 0,
    })
    const stop = observer.subscribe(() => undefined)
    await expect.poll(() => pageDataAge(client).refreshFailed).toBe(true)
    expect(pageDataAge(client).oldest).toBe(1_000)
    stop()
  })
})
