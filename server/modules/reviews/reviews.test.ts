import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { FEEDBACK_V2, MyReviews, ProductReviews, Review, ReviewReactions } from '../../../contract/reviews'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import { makeProduct, type TestProduct } from '../../test/products'

let app: App
let database: Database
let author: TestUser
let moderator: TestUser

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  database = built.database
  author = await signInTestUser(app, { firstname: 'Айгерим', lastname: 'Сейткали' })
  moderator = await signInTestUser(app)
  await rows(
    database.db,
    sql`insert into user_roles (user_id, role) values (${moderator.userId}::uuid, 'moderator')`,
  )
})

async function jpeg(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer()
}

async function write(user: TestUser, product: TestProduct, body: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: `${FEEDBACK_V2}/reviews`,
    headers: user.headers,
    payload: { sku: product.sku, rating: 5, text: 'Отличный товар, доволен покупкой', ...body },
  })
}

async function approve(id: number) {
  const res = await app.inject({
    method: 'POST',
    url: `${FEEDBACK_V2}/moderation/reviews/${id}`,
    headers: moderator.headers,
    payload: { status: 'APPROVED' },
  })
  expect(res.statusCode, res.body).toBe(204)
}

async function productReviews(product: TestProduct, query = '', user?: TestUser) {
  const res = await app.inject({
    url: `${FEEDBACK_V2}/reviews/products/${product.sku}${query}`,
    headers: user?.headers,
  })
  expect(res.statusCode, res.body).toBe(200)
  return ProductReviews.parse(res.json())
}

async function reviewCount(): Promise<number> {
  const [row] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from reviews`)
  return row!.n
}

describe('writing and moderating reviews', () => {
  it('keeps a new review out of the product page until a moderator approves it', async () => {
    const product = await makeProduct(database.db)
    const res = await write(author, product, { pros: 'Экран', cons: 'Цена' })
    expect(res.statusCode, res.body).toBe(201)
    const review = Review.parse(res.json())
    expect(review).toMatchObject({
      status: 'NEW',
      rating: 5,
      pros: 'Экран',
      cons: 'Цена',
      author: 'Айгерим С.',
    })
    expect((await productReviews(product)).count).toBe(0)

    await approve(review.id)
    const page = await productReviews(product)
    expect(page.count).toBe(1)
    expect(page.reviews[0]!.text).toBe('Отличный товар, доволен покупкой')
    expect(page.rating_and_stars).toMatchObject({ rating: 5, stars_five: 1, stars_one: 0 })
    expect(page.filterCount).toEqual({ all: 1, new: 1, positive: 1, negative: 0, wPhoto: 0 })
  })

  it('holds a review with a link or a banned word as NEED_APPROVE', async () => {
    const product = await makeProduct(database.db)
    const linked = Review.parse(
      (await write(author, product, { text: 'Дешевле тут: www.example.com' })).json(),
    )
    expect(linked.status).toBe('NEED_APPROVE')
    const other = await signInTestUser(app)
    const rude = Review.parse((await write(other, product, { text: 'Продавцы мудаки' })).json())
    expect(rude.status).toBe('NEED_APPROVE')
  })

  it('takes one review per shopper and product (409 for a second)', async () => {
    const product = await makeProduct(database.db)
    expect((await write(author, product)).statusCode).toBe(201)
    const before = await reviewCount()
    const again = await write(author, product, { rating: 1 })
    expect(again.statusCode).toBe(409)
    expect(await reviewCount()).toBe(before)
  })

  it('marks a review by a shopper who received the product as a verified purchase', async () => {
    const product = await makeProduct(database.db)
    const buyer = await signInTestUser(app)
    const [order] = await rows<{ id: string }>(
      database.db,
      sql`insert into orders (number, user_id, city_id, status, total, delivery_type)
          values (${`RV-${product.sku}`}, ${buyer.userId}, 1, 'COMPLETED', 10000, 'PICKUP') returning id`,
    )
    await database.db.execute(sql`insert into order_items (order_id, position, sku, title, quantity, price)
      values (${order!.id}::uuid, 0, ${product.sku}, 'Товар', 1, 10000)`)
    expect(Review.parse((await write(buyer, product)).json()).verified_purchase).toBe(true)
    expect(Review.parse((await write(author, product)).json()).verified_purchase).toBe(false)
  })

  it("lets the author read and edit only their own review; another shopper's id is 404 and changes nothing", async () => {
    const product = await makeProduct(database.db)
    const review = Review.parse((await write(author, product)).json())
    await approve(review.id)
    const stranger = await signInTestUser(app)
    expect(
      (await app.inject({ url: `${FEEDBACK_V2}/reviews/${review.id}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404)
    const put = await app.inject({
      method: 'PUT',
      url: `${FEEDBACK_V2}/reviews/${review.id}`,
      headers: stranger.headers,
      payload: { rating: 1, text: 'Подменённый отзыв' },
    })
    expect(put.statusCode).toBe(404)
    const still = Review.parse(
      (await app.inject({ url: `${FEEDBACK_V2}/reviews/${review.id}`, headers: author.headers })).json(),
    )
    expect(still).toMatchObject({ rating: 5, text: 'Отличный товар, доволен покупкой', status: 'APPROVED' })

    const edited = await app.inject({
      method: 'PUT',
      url: `${FEEDBACK_V2}/reviews/${review.id}`,
      headers: author.headers,
      payload: { rating: 3, text: 'Через месяц стал греться' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(Review.parse(edited.json())).toMatchObject({ rating: 3, status: 'NEW' })
    // Back in moderation, so it leaves the page and its counts.
    expect((await productReviews(product)).count).toBe(0)
  })

  it('lists the shopper’s reviews with a count per status', async () => {
    const shopper = await signInTestUser(app)
    const first = Review.parse((await write(shopper, await makeProduct(database.db))).json())
    await write(shopper, await makeProduct(database.db))
    await approve(first.id)
    const res = await app.inject({ url: `${FEEDBACK_V2}/reviews`, headers: shopper.headers })
    const mine = MyReviews.parse(res.json())
    expect(mine.reviews).toHaveLength(2)
    expect(mine.statuses).toContainEqual({ status: 'APPROVED', count: 1 })
    expect(mine.statuses).toContainEqual({ status: 'NEW', count: 1 })
  })

  it('lets only moderators see the queue and decide (403 for a shopper, 401 for a guest)', async () => {
    const product = await makeProduct(database.db)
    const review = Review.parse((await write(author, product)).json())
    const asShopper = await app.inject({
      method: 'POST',
      url: `${FEEDBACK_V2}/moderation/reviews/${review.id}`,
      headers: author.headers,
      payload: { status: 'APPROVED' },
    })
    expect(asShopper.statusCode).toBe(403)
    expect((await app.inject({ url: `${FEEDBACK_V2}/moderation/reviews` })).statusCode).toBe(401)
    const queue = await app.inject({
      url: `${FEEDBACK_V2}/moderation/reviews?limit=100`,
      headers: moderator.headers,
    })
    expect(queue.statusCode).toBe(200)
    await approve(review.id)
    // A decided review is no longer waiting.
    const twice = await app.inject({
      method: 'POST',
      url: `${FEEDBACK_V2}/moderation/reviews/${review.id}`,
      headers: moderator.headers,
      payload: { status: 'REJECTED' },
    })
    expect(twice.statusCode).toBe(404)
  })

  it('copies the approved reviews into the product rating the catalogue shows', async () => {
    const product = await makeProduct(database.db)
    for (const rating of [5, 4]) {
      const shopper = await signInTestUser(app)
      await approve(Review.parse((await write(shopper, product, { rating })).json()).id)
    }
    await app.reviews.syncProductRatings()
    const [row] = await rows<{ rating: number; review_count: number }>(
      database.db,
      sql`select rating::float8 as rating, review_count from products where id = ${product.id}`,
    )
    expect(row).toEqual({ rating: 4.5, review_count: 2 })
  })
})

describe('the product page of reviews', () => {
  it('filters by mood and photo, pages 10 at a time and counts each filter', async () => {
    const product = await makeProduct(database.db)
    const ratings = [5, 5, 4, 3, 2, 1, 5, 4, 5, 1, 5, 2]
    for (const [i, rating] of ratings.entries()) {
      const shopper = await signInTestUser(app)
      const review = Review.parse((await write(shopper, product, { rating, text: `Отзыв ${i}` })).json())
      if (i < 2) {
        const put = await app.inject({
          method: 'PUT',
          url: `${FEEDBACK_V2}/reviews/${review.id}/images`,
          headers: { ...shopper.headers, 'content-type': 'image/jpeg' },
          payload: await jpeg(),
        })
        expect(put.statusCode, put.body).toBe(200)
      }
      await approve(review.id)
    }
    const first = await productReviews(product)
    expect(first.count).toBe(12)
    expect(first.reviews).toHaveLength(10)
    expect(first.filterCount).toEqual({ all: 12, new: 12, positive: 7, negative: 4, wPhoto: 2 })
    expect(first.rating_and_stars).toMatchObject({
      stars_five: 5,
      stars_four: 2,
      stars_three: 1,
      stars_two: 2,
      stars_one: 2,
    })
    expect(first.rating_and_stars.rating).toBe(3.5)
    expect((await productReviews(product, '?page=2')).reviews).toHaveLength(2)

    const negative = await productReviews(product, '?mood=negative')
    expect(negative.count).toBe(4)
    expect(negative.reviews.every((r) => r.rating <= 2)).toBe(true)
    const newest = await productReviews(product, '?mood=new')
    expect(newest.reviews[0]!.text).toBe('Отзыв 11')
    const photos = await productReviews(product, '?mood=wPhoto')
    expect(photos.count).toBe(2)
    expect(photos.reviews[0]!.media[0]).toMatchObject({ type: 'image' })
    const positiveWithPhoto = await productReviews(product, '?mood=positive&with_photo=true')
    expect(positiveWithPhoto.count).toBe(2)
  })

  it('answers 404 for an unknown product and 400 for an unknown mood', async () => {
    expect((await app.inject({ url: `${FEEDBACK_V2}/reviews/products/000000` })).statusCode).toBe(404)
    const product = await makeProduct(database.db)
    expect(
      (await app.inject({ url: `${FEEDBACK_V2}/reviews/products/${product.sku}?mood=angry` })).statusCode,
    ).toBe(400)
  })
})

describe('reactions', () => {
  async function approvedReview() {
    const product = await makeProduct(database.db)
    const review = Review.parse((await write(author, product)).json())
    await approve(review.id)
    return review
  }

  async function react(user: TestUser, id: number, type: 'LIKE' | 'DISLIKE') {
    return app.inject({
      method: 'POST',
      url: `${FEEDBACK_V2}/reviews/${id}/reactions?type=${type}`,
      headers: user.headers,
    })
  }

  it("applies a device's numbered reactions once and in order: a replayed or overtaken one changes nothing", async () => {
    const review = await approvedReview()
    const reader = await signInTestUser(app)
    const device = { 'x-device-id': randomUUID() }
    const numbered = (seq: number, method: 'POST' | 'DELETE', type = 'LIKE') =>
      app.inject({
        method,
        url: `${FEEDBACK_V2}/reviews/${review.id}/reactions${method === 'POST' ? `?type=${type}` : ''}`,
        headers: { ...reader.headers, ...device, 'x-mutation-seq': String(seq) },
      })
    expect(ReviewReactions.parse((await numbered(1, 'POST')).json()).your_reaction).toBe('LIKE')
    expect(ReviewReactions.parse((await numbered(2, 'DELETE')).json()).your_reaction).toBe('')
    // the like sent again (a replay after a lost answer) answers the counts as they are
    const replayed = await numbered(1, 'POST')
    expect(replayed.statusCode, replayed.body).toBe(200)
    expect(ReviewReactions.parse(replayed.json())).toEqual({ likes: 0, dislikes: 0, your_reaction: '' })
    expect(ReviewReactions.parse((await numbered(3, 'POST', 'DISLIKE')).json()).dislikes).toBe(1)
    // a malformed number is refused, not ignored
    const bad = await app.inject({
      method: 'POST',
      url: `${FEEDBACK_V2}/reviews/${review.id}/reactions?type=LIKE`,
      headers: { ...reader.headers, ...device, 'x-mutation-seq': '-1' },
    })
    expect(bad.statusCode, bad.body).toBe(400)
  })

  it('keeps one reaction per shopper: a second replaces the first, DELETE takes it back', async () => {
    const review = await approvedReview()
    const reader = await signInTestUser(app)
    expect(ReviewReactions.parse((await react(reader, review.id, 'LIKE')).json())).toEqual({
      likes: 1,
      dislikes: 0,
      your_reaction: 'LIKE',
    })
    expect(ReviewReactions.parse((await react(reader, review.id, 'LIKE')).json()).likes).toBe(1)
    expect(ReviewReactions.parse((await react(reader, review.id, 'DISLIKE')).json())).toEqual({
      likes: 0,
      dislikes: 1,
      your_reaction: 'DISLIKE',
    })
    const undone = await app.inject({
      method: 'DELETE',
      url: `${FEEDBACK_V2}/reviews/${review.id}/reactions`,
      headers: reader.headers,
    })
    expect(ReviewReactions.parse(undone.json())).toEqual({ likes: 0, dislikes: 0, your_reaction: '' })
  })

  it("shows a guest a like, a withdrawn like and a moderator's decision at once, though guests' answers are kept", async () => {
    const product = await makeProduct(database.db)
    const review = Review.parse((await write(author, product)).json())
    await approve(review.id)
    const likesOf = async () =>
      (await productReviews(product)).reviews.find((r) => r.id === review.id)?.reactions.likes ?? null
    expect(await likesOf()).toBe(0)
    const reader = await signInTestUser(app)
    await react(reader, review.id, 'LIKE')
    expect(await likesOf()).toBe(1)
    await app.inject({
      method: 'DELETE',
      url: `${FEEDBACK_V2}/reviews/${review.id}/reactions`,
      headers: reader.headers,
    })
    expect(await likesOf()).toBe(0)

    const second = Review.parse((await write(reader, product)).json())
    expect((await productReviews(product)).count).toBe(1)
    await approve(second.id)
    expect((await productReviews(product)).count).toBe(2)
  })

  it('needs a signed-in shopper (401) and refuses unknown or unpublished reviews (404)', async () => {
    const review = await approvedReview()
    expect(
      (await app.inject({ method: 'POST', url: `${FEEDBACK_V2}/reviews/${review.id}/reactions?type=LIKE` }))
        .statusCode,
    ).toBe(401)
    const reader = await signInTestUser(app)
    expect((await react(reader, 2_000_000_000, 'LIKE')).statusCode).toBe(404)
    const waiting = Review.parse((await write(reader, await makeProduct(database.db))).json())
    expect((await react(author, waiting.id, 'LIKE')).statusCode).toBe(404)
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${FEEDBACK_V2}/reviews/${review.id}/reactions?type=LOVE`,
          headers: reader.headers,
        })
      ).statusCode,
    ).toBe(400)
    const [row] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from review_reactions where review_id = 2000000000`,
    )
    expect(row!.n).toBe(0)
  })
})

describe('bad input stores nothing', () => {
  it('refuses a rating outside 1-5, an empty text and a 10,000-character text with 400', async () => {
    const product = await makeProduct(database.db)
    const before = await reviewCount()
    for (const body of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { text: '   ' },
      { text: 'а'.repeat(10_000) },
    ]) {
      const res = await write(author, product, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect(await reviewCount()).toBe(before)
  })

  it('refuses a text file renamed .jpg (415) and a file over the limit (413); nothing is stored', async () => {
    const product = await makeProduct(database.db)
    const review = Review.parse((await write(author, product)).json())
    const files = async () =>
      (
        await rows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from review_media where review_id = ${review.id}`,
        )
      )[0]!.n
    const text = await app.inject({
      method: 'PUT',
      url: `${FEEDBACK_V2}/reviews/${review.id}/images`,
      headers: { ...author.headers, 'content-type': 'image/jpeg' },
      payload: Buffer.from('это не картинка, а текст, переименованный в photo.jpg'),
    })
    expect(text.statusCode).toBe(415)
    const huge = await app.inject({
      method: 'PUT',
      url: `${FEEDBACK_V2}/reviews/${review.id}/images`,
      headers: { ...author.headers, 'content-type': 'image/jpeg' },
      payload: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff),
    })
    expect(huge.statusCode).toBe(413)
    const notVideo = await app.inject({
      method: 'PUT',
      url: `${FEEDBACK_V2}/reviews/${review.id}/videos`,
      headers: { ...author.headers, 'content-type': 'video/mp4' },
      payload: await jpeg(),
    })
    expect(notVideo.statusCode).toBe(415)
    expect(await files()).toBe(0)
  })

  it("refuses an upload to another shopper's review with 404", async () => {
    const product = await makeProduct(database.db)
    const review = Review.parse((await write(author, product)).json())
    const stranger = await signInTestUser(app)
    const res = await app.inject({
      method: 'PUT',
      url: `${FEEDBACK_V2}/reviews/${review.id}/images`,
      headers: { ...stranger.headers, 'content-type': 'image/jpeg' },
      payload: await jpeg(),
    })
    expect(res.statusCode).toBe(404)
  })
})

describe('media', () => {
  it('serves an uploaded photo resized by the image service and removes it on DELETE', async () => {
    const product = await makeProduct(database.db)
    const review = Review.parse((await write(author, product)).json())
    const put = await app.inject({
      method: 'PUT',
      url: `${FEEDBACK_V2}/reviews/${review.id}/images`,
      headers: { ...author.headers, 'content-type': 'image/png' },
      payload: await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ffcc00' } })
        .png()
        .toBuffer(),
    })
    const withPhoto = Review.parse(put.json())
    const photo = withPhoto.media[0]!
    const thumb = await app.inject({ url: `/f3/api/v1/images/100/100/${photo.id}.webp` })
    expect(thumb.statusCode).toBe(200)
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
      width: 100,
      height: 100,
      format: 'webp',
    })

    const del = await app.inject({
      method: 'DELETE',
      url: `${FEEDBACK_V2}/reviews/${review.id}/images?media_id=${photo.id}`,
      headers: author.headers,
    })
    expect(Review.parse(del.json()).media).toEqual([])
  })

  it('serves an uploaded mp4 with range requests', async () => {
    const product = await makeProduct(database.db)
    const review = Review.parse((await write(author, product)).json())
    // An ISO base media file header (ftyp isom) followed by bytes a player would read as boxes.
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(2000, 7)])
    const put = await app.inject({
      method: 'PUT',
      url: `${FEEDBACK_V2}/reviews/${review.id}/videos`,
      headers: { ...author.headers, 'content-type': 'video/mp4' },
      payload: mp4,
    })
    expect(put.statusCode, put.body).toBe(200)
    const video = Review.parse(put.json()).media.find((m) => m.type === 'video')!
    const whole = await app.inject({ url: video.url })
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('video/mp4')
    expect(whole.rawPayload.equals(mp4)).toBe(true)
    const part = await app.inject({ url: video.url, headers: { range: 'bytes=4-11' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 4-11/${mp4.length}`)
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom')
    expect((await app.inject({ url: video.url, headers: { range: 'bytes=99999-' } })).statusCode).toBe(416)
    expect((await app.inject({ url: '/f3/api/v1/videos/v-unknown' })).statusCode).toBe(404)
  })
})
