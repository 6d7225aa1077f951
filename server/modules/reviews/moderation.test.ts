import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { FEEDBACK_V2, ProductReviews, Review } from '../../../contract/reviews'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser } from '../../test/auth'
import { testEngine } from '../../test/database'
import { makeProduct } from '../../test/products'
import { recordAudit } from '../audit'
import { holdReason } from './moderation-rule'
import { createReviewsRepo } from './repo'
import { createReviewsService, type ReviewModerated } from './service'

describe('the moderation rule', () => {
  it('holds links and banned words, and lets ordinary text wait for a moderator', () => {
    expect(holdReason('Брал тут https://shop.example/x')).toBe('link')
    expect(holdReason('пишите в t.me/seller')).toBe('link')
    expect(holdReason('Заходите на сайт.рф')).toBe('link')
    expect(holdReason('Полная хуйня')).toBe('banned_word')
    expect(holdReason('Нормальный телефон, батарея 5000 мА·ч, экран 6.1 дюйма')).toBeNull()
    expect(holdReason('Өте жақсы тоңазытқыш')).toBeNull()
  })
})

describe('the moderation listener', () => {
  let app: App
  let database: Database

  beforeAll(async () => {
    ;({ app, database } = await testApp())
  })

  it('is called with the decision once a moderator approves or rejects, and its failure undoes nothing', async () => {
    const heard: ReviewModerated[] = []
    const service = createReviewsService({
      repo: createReviewsRepo(database.db),
      uploads: app.uploads,
      onModerated: (event) => {
        heard.push(event)
        if (event.status === 'REJECTED') throw new Error('the information centre is down')
      },
      log: { warn: () => {} },
      audit: (entry) => recordAudit(database.db, entry),
    })
    const product = await makeProduct(database.db)
    const [first, second] = [await signInTestUser(app), await signInTestUser(app)]
    const a = await service.create(
      first,
      { sku: product.sku, rating: 4, text: 'Хороший', pros: '', cons: '' },
      'ru',
    )
    const b = await service.create(
      second,
      { sku: product.sku, rating: 1, text: 'Плохой', pros: '', cons: '' },
      'kk',
    )
    const moderator = { actorKind: 'staff', actorId: 'test-moderator', ip: null } as const
    await service.moderate(a.id, 'APPROVED', null, moderator)
    await service.moderate(b.id, 'REJECTED', 'Нецензурная лексика', moderator)
    expect(heard).toEqual([
      expect.objectContaining({
        reviewId: a.id,
        userId: first.userId,
        status: 'APPROVED',
        productSku: product.sku,
      }),
      expect.objectContaining({
        reviewId: b.id,
        userId: second.userId,
        status: 'REJECTED',
        note: 'Нецензурная лексика',
      }),
    ])
    expect((await service.get(b.id, second, 'ru')).status).toBe('REJECTED')
  })
})

describe.runIf(testEngine() === 'postgres')('reactions under concurrency on PostgreSQL', () => {
  it('counts 40 shoppers liking and disliking at once exactly, each once', async () => {
    const { app, database } = await testApp()
    const product = await makeProduct(database.db)
    const author = await signInTestUser(app)
    const moderator = await signInTestUser(app)
    await rows(
      database.db,
      sql`insert into user_roles (user_id, role) values (${moderator.userId}::uuid, 'moderator')`,
    )
    const created = await app.inject({
      method: 'POST',
      url: `${FEEDBACK_V2}/reviews`,
      headers: author.headers,
      payload: { sku: product.sku, rating: 5, text: 'Работает отлично' },
    })
    const review = Review.parse(created.json())
    await app.reviews.moderate(review.id, 'APPROVED', null, {
      actorKind: 'system',
      actorId: 'test',
      ip: null,
    })
    const readers = await Promise.all(Array.from({ length: 40 }, () => signInTestUser(app)))
    const url = (type: string) => `${FEEDBACK_V2}/reviews/${review.id}/reactions?type=${type}`
    // Each shopper fires three reactions at once; the last one they meant wins per shopper: all like,
    // except every fourth, who switches to a dislike. Every request races every other.
    await Promise.all(
      readers.flatMap((reader, i) => [
        app.inject({ method: 'POST', url: url('LIKE'), headers: reader.headers }),
        app.inject({ method: 'POST', url: url('LIKE'), headers: reader.headers }),
        ...(i % 4 === 0
          ? [
              app.inject({
                method: 'DELETE',
                url: `${FEEDBACK_V2}/reviews/${review.id}/reactions`,
                headers: reader.headers,
              }),
            ]
          : []),
      ]),
    )
    const [counted] = await rows<{ likes: number; dislikes: number; rows: number }>(
      database.db,
      sql`select r.likes, r.dislikes, (select count(*)::int from review_reactions x where x.review_id = r.id) as rows
          from reviews r where r.id = ${review.id}`,
    )
    // Whatever order they ran in, the counts are the rows.
    expect(counted!.likes).toBe(counted!.rows)
    expect(counted!.dislikes).toBe(0)
    await Promise.all(
      readers.map((reader) => app.inject({ method: 'POST', url: url('DISLIKE'), headers: reader.headers })),
    )
    const page = ProductReviews.parse(
      (
        await app.inject({
          url: `${FEEDBACK_V2}/reviews/products/${product.sku}`,
          headers: readers[0]!.headers,
        })
      ).json(),
    )
    expect(page.reviews[0]!.reactions).toEqual({ likes: 0, dislikes: 40, your_reaction: 'DISLIKE' })
    const [again] = await rows<{ likes: number; dislikes: number }>(
      database.db,
      sql`select likes, dislikes from reviews where id = ${review.id}`,
    )
    expect(again).toEqual({ likes: 0, dislikes: 40 })
  })
})
