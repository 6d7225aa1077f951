import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CART_ERROR_KEYS } from '../../contract/values/cart'
import type { Db } from '../db/connection'
import { rows } from '../db/rows'
import { testDatabase } from '../test/app'
import { HttpError } from './errors'
import { idempotent, purgeIdempotencyKeys, type IdempotencyRequest } from './idempotency'

let db: Db

beforeAll(async () => {
  db = (await testDatabase()).db
})

const request = (key: string | null, payload: unknown = { quantity: 1 }): IdempotencyRequest => ({
  scope: `POST /test/:id test-${randomUUID()}`,
  key,
  payload,
})

/** A mutation that counts its runs, so a test sees whether a replay ran it again. */
function counter() {
  let runs = 0
  return {
    get runs() {
      return runs
    },
    work: async () => {
      runs++
      await sleep(20)
      return { status: 201, body: { run: runs } }
    },
  }
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(HttpError)
  return error as HttpError
}

describe('idempotent mutations', () => {
  it('runs the work once and answers a replay with the first status and body', async () => {
    const c = counter()
    const req = request(randomUUID())
    expect(await idempotent(db, req, c.work)).toEqual({ status: 201, body: { run: 1 }, replayed: false })
    expect(await idempotent(db, req, c.work)).toEqual({ status: 201, body: { run: 1 }, replayed: true })
    expect(c.runs).toBe(1)
  })

  it('runs the work every time without a key', async () => {
    const c = counter()
    const req = request(null)
    await idempotent(db, req, c.work)
    await idempotent(db, req, c.work)
    expect(c.runs).toBe(2)
  })

  it('refuses the same key with another request body with 422', async () => {
    const c = counter()
    const req = request(randomUUID(), { quantity: 1 })
    await idempotent(db, req, c.work)
    const error = await failure(idempotent(db, { ...req, payload: { quantity: 2 } }, c.work))
    expect(error.statusCode).toBe(422)
    expect(error.message).toBe(CART_ERROR_KEYS.idempotencyMismatch)
    expect(c.runs).toBe(1)
  })

  it('keeps the same key apart in another scope', async () => {
    const c = counter()
    const key = randomUUID()
    await idempotent(db, request(key), c.work)
    await idempotent(db, request(key), c.work)
    expect(c.runs).toBe(2)
  })

  it('records nothing for work that failed, so the client may retry it', async () => {
    const req = request(randomUUID())
    await failure(
      idempotent(db, req, () => Promise.reject(new HttpError(409, 'conflict', 'cart:availableInTotal'))),
    )
    const c = counter()
    expect((await idempotent(db, req, c.work)).replayed).toBe(false)
    expect(c.runs).toBe(1)
  })

  it('runs the work once when a retry races the first request: the retry waits, or hears 409', async () => {
    const c = counter()
    const req = request(randomUUID())
    const answers = await Promise.allSettled([idempotent(db, req, c.work), idempotent(db, req, c.work)])
    expect(c.runs).toBe(1)
    for (const answer of answers) {
      if (answer.status === 'fulfilled') expect(answer.value.body).toEqual({ run: 1 })
      else {
        expect(answer.reason).toBeInstanceOf(HttpError)
        expect((answer.reason as HttpError).statusCode).toBe(409)
        expect((answer.reason as HttpError).message).toBe(CART_ERROR_KEYS.idempotencyInProgress)
      }
    }
    expect(answers.some((a) => a.status === 'fulfilled' && !a.value.replayed)).toBe(true)
  })

  it('forgets answers older than a day', async () => {
    const c = counter()
    const old = request(randomUUID())
    const fresh = request(randomUUID())
    await idempotent(db, old, c.work)
    await idempotent(db, fresh, c.work)
    await db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where scope = ${old.scope}`,
    )
    await purgeIdempotencyKeys(db)
    const left = await rows<{ scope: string }>(
      db,
      sql`select scope from idempotency_keys where scope in (${old.scope}, ${fresh.scope})`,
    )
    expect(left.map((r) => r.scope)).toEqual([fresh.scope])
  })
})
