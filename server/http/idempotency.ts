import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { CART_ERROR_KEYS } from '../../contract/values/cart'
import { HEADERS } from '../../contract/values/common'
import type { Db } from '../db/connection'
import { statementRows } from '../db/rows'
import {
  claimDeviceMutation,
  deviceMutationOf,
  purgeDeviceMutations,
  type DeviceMutation,
} from './device-mutations'
import { badRequest, conflict, unprocessable } from './errors'

/** What a mutation answered: replayed as is for a retry with the same key. */
export interface Answer<T> {
  status: number
  body: T
}

/** The key a client sent and what it is bound to; `key: null` runs the work without idempotency. */
export interface IdempotencyRequest {
  /** Method, route and principal: one shopper's key never answers for another or for another route. */
  scope: string
  key: string | null
  /** The request as the client sent it, so a reused key with another body is told apart. */
  payload: unknown
  /** The device's number for this change (`X-Device-Id`, `X-Mutation-Seq`), when it sent one. */
  device?: DeviceMutation | null
}

/** How `idempotent` answers a change the device has applied already (see device-mutations.ts). */
export interface IdempotentOptions<T> {
  /** The state as it is now, answered (and nothing changed) when the device's number is not new. */
  current?: (tx: Db) => Promise<Answer<T>>
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/
const KEEP_HOURS = 24
const PURGE_ONE_IN = 200

/** The `Idempotency-Key` header, or null when absent; a malformed one is a 400 rather than ignored. */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers[HEADERS.idempotencyKey]
  if (raw === undefined) return null
  const key = Array.isArray(raw) ? raw[0] : raw
  if (!key || !KEY_PATTERN.test(key)) throw badRequest(undefined, { header: HEADERS.idempotencyKey })
  return key
}

/** The request bound to a key: `principal` is who acts (a user id, or the cart id for a guest). */
export function idempotencyRequest(req: FastifyRequest, principal: string): IdempotencyRequest {
  return {
    scope: `${req.method} ${req.routeOptions.url ?? req.url} ${principal}`,
    key: idempotencyKeyOf(req),
    payload: { params: req.params ?? null, query: req.query ?? null, body: req.body ?? null },
    device: deviceMutationOf(req),
  }
}

/** What a stored answer is bound to: a reused key with another request is refused, not replayed. */
export function requestHash(payload: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(payload ?? null))
    .digest('base64url')
}

interface StoredKey extends Record<string, unknown> {
  request_hash: string | null
  status: number | null
  body: unknown
}

/** Named: every changing request with a key reads it once or twice, and its plan never changes. */
async function readKey(db: Db, scope: string, key: string): Promise<StoredKey | undefined> {
  const [found] = await statementRows<StoredKey>(
    db,
    'idempotency_read',
    'select request_hash, status, body from idempotency_keys where scope = $1 and key = $2',
    [scope, key],
  )
  return found
}

/**
 * The answer stored for a request's key, read without a transaction: work that must run before the
 * transaction (reading through other connections) checks this first, then `idempotent` checks again.
 * A reused key with another request is refused here too.
 */
export async function storedAnswer<T>(db: Db, request: IdempotencyRequest): Promise<Answer<T> | null> {
  if (request.key === null) return null
  const found = await readKey(db, request.scope, request.key)
  if (!found || found.status === null) return null
  if (found.request_hash !== requestHash(request.payload))
    throw unprocessable(CART_ERROR_KEYS.idempotencyMismatch)
  return { status: found.status, body: found.body as T }
}

/**
 * Runs `work` in one transaction and, with a key, records its answer in that same transaction: the
 * change and its record commit together or not at all, so a retry after a lost answer gets the first
 * answer back instead of changing anything twice. A failed `work` rolls its record back with it, so the
 * client may retry a refused request after fixing what it sent.
 *
 * A transaction-scoped advisory lock on the key tells a replay racing the first request (409) apart
 * from one arriving after it (the stored answer), without committing a placeholder row.
 */
export async function idempotent<T>(
  db: Db,
  request: IdempotencyRequest,
  work: (tx: Db) => Promise<Answer<T>>,
  options: IdempotentOptions<T> = {},
): Promise<Answer<T> & { replayed: boolean }> {
  const { key, scope } = request
  const { device } = request
  const { current } = options
  // With the device's number, the change runs only if the number is new, in the same transaction that
  // records it; an old number answers the state as it is.
  const numbered = async (tx: Db): Promise<Answer<T> & { replayed: boolean }> => {
    if (device && current && !(await claimDeviceMutation(tx, device)))
      return { ...(await current(tx)), replayed: true }
    return { ...(await work(tx)), replayed: false }
  }
  if (key === null) return db.transaction(numbered)
  const hash = requestHash(request.payload)
  const answer = await db.transaction(async (tx) => {
    // the lock, then the stored answer read after it in a statement of its own (migration 0019 says why)
    const [claim] = await statementRows<StoredKey & { locked: boolean }>(
      tx,
      'idempotency_claim',
      'select * from idempotency_claim($1, $2)',
      [scope, key],
    )
    if (!claim?.locked) return { ...answerOfClaim<T>('busy', null, null), replayed: true }
    if (claim.request_hash !== null) {
      const outcome = claim.request_hash === hash ? 'replay' : 'mismatch'
      return { ...answerOfClaim<T>(outcome, claim.status, claim.body), replayed: true }
    }
    const fresh = await numbered(tx)
    if (fresh.replayed) return fresh
    await statementRows(
      tx,
      'idempotency_store',
      'insert into idempotency_keys (scope, key, request_hash, status, body) values ($1, $2, $3, $4, $5::jsonb)',
      [scope, key, hash, fresh.status, JSON.stringify(fresh.body)],
    )
    return { ...fresh, replayed: false }
  })
  if (!answer.replayed) await sometimesPurgeIdempotencyKeys(db)
  return answer
}

/** A key as a statement that claims it itself takes it (`order_place`): scope, key and request hash. */
export function keyParams(
  request: IdempotencyRequest,
): [scope: string, key: string | null, hash: string | null] {
  return request.key === null
    ? [request.scope, null, null]
    : [request.scope, request.key, requestHash(request.payload)]
}

/**
 * What a claim of a key came to: another request holds the key or is still running (409), the key was
 * used for another request (422), the first request's answer, or the answer the work just stored.
 */
export function answerOfClaim<T>(
  outcome: 'busy' | 'mismatch' | 'replay' | 'placed',
  status: number | null,
  body: unknown,
): Answer<T> {
  if (outcome === 'mismatch') throw unprocessable(CART_ERROR_KEYS.idempotencyMismatch)
  if (outcome === 'busy' || status === null) throw conflict(CART_ERROR_KEYS.idempotencyInProgress)
  return { status, body: body as T }
}

/** Purging on one stored answer in a couple of hundred keeps the table small without a scheduler. */
export async function sometimesPurgeIdempotencyKeys(db: Db): Promise<void> {
  if (Math.random() * PURGE_ONE_IN >= 1) return
  await purgeIdempotencyKeys(db)
  await purgeDeviceMutations(db)
}

/** Forgets answers older than a day: a client retries within minutes, not days. */
export async function purgeIdempotencyKeys(db: Db, hours = KEEP_HOURS): Promise<void> {
  await db.execute(
    sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${hours})`,
  )
}
