import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ProductReviews, Review } from '../../../contract/reviews'
import { settled } from '../../data/outbox-mutation'
import { fakeFetch, json } from '../../testing/fake-fetch'
import { reacted, setReaction } from './queries'

const KEY = ['reviews', 'product', '100001', 'all', 1, 'ru', true]

function seeded(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const review = { id: 5, reactions: { likes: 3, dislikes: 1, your_reaction: '' } } as unknown as Review
  client.setQueryData<ProductReviews>(KEY, { reviews: [review] } as unknown as ProductReviews)
  return client
}

const shown = (client: QueryClient) => client.getQueryData<ProductReviews>(KEY)?.reviews[0]?.reactions

afterEach(() => vi.unstubAllGlobals())

describe("a shopper's reaction to a review", () => {
  it('moves the counts from the old reaction to the new one', () => {
    const none = { likes: 3, dislikes: 1, your_reaction: '' as const }
    expect(reacted(none, 'LIKE')).toEqual({ likes: 4, dislikes: 1, your_reaction: 'LIKE' })
    expect(reacted({ likes: 4, dislikes: 1, your_reaction: 'LIKE' }, 'DISLIKE')).toEqual({
      likes: 3,
      dislikes: 2,
      your_reaction: 'DISLIKE',
    })
    expect(reacted({ likes: 4, dislikes: 1, your_reaction: 'LIKE' }, null)).toEqual(none)
  })

  it('shows at once, goes through the outbox with its key, and takes back a reaction with DELETE', async () => {
    const { calls } = fakeFetch(() => json(200, { likes: 4, dislikes: 1, your_reaction: 'LIKE' }))
    const client = seeded()

    const liked = setReaction(client, '100001', { id: 5, reactions: shown(client)! }, 'LIKE')
    expect(shown(client)).toEqual({ likes: 4, dislikes: 1, your_reaction: 'LIKE' })
    expect((await settled(liked)).status).toBe('done')
    const post = calls.find((call) => call.method === 'POST')!
    expect(post.path).toBe('/feedback/api/v2/reviews/5/reactions')
    expect(post.search.get('type')).toBe('LIKE')
    expect(post.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)

    const taken = setReaction(client, '100001', { id: 5, reactions: shown(client)! }, null)
    expect(shown(client)).toEqual({ likes: 3, dislikes: 1, your_reaction: '' })
    expect((await settled(taken)).status).toBe('done')
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/feedback/api/v2/reviews/5/reactions',
    ])
  })
})
