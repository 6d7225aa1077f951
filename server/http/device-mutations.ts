import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { HEADERS } from '../../contract/values/common'
import type { Db } from '../db/connection'
import { statementRows } from '../db/rows'
import { badRequest } from './errors'

/**
 * A change numbered by the device that sent it (the outbox: `X-Device-Id`, `X-Mutation-Seq`). The server
 * keeps each device's last applied number in the same transaction as the change (`device_mutations`), so
 * a change whose number is not above it was applied already, or overtaken by a later one of the same
 * device: it is answered with the state as it is and changes nothing. As sync engines such as Replicache
 * do, on top of the Idempotency-Key (which a failed change gets anew when the shopper sends it again).
 */
export interface DeviceMutation {
  deviceId: string
  seq: number
}

const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/
const SEQ_PATTERN = /^[1-9][0-9]{0,14}$/
const KEEP_DAYS = 90

function header(req: FastifyRequest, name: string): string | undefined {
  const raw = req.headers[name]
  return Array.isArray(raw) ? raw[0] : raw
}

/**
 * The request's device numbering, or null when it carries none. Both headers or neither: one without the
 * other, a malformed id or a number that is not a positive integer is a 400, never ignored.
 */
export function deviceMutationOf(req: FastifyRequest): DeviceMutation | null {
  const deviceId = header(req, HEADERS.deviceId)
  const seq = header(req, HEADERS.mutationSeq)
  if (deviceId === undefined && seq === undefined) return null
  if (deviceId === undefined || !DEVICE_ID_PATTERN.test(deviceId))
    throw badRequest(undefined, { header: HEADERS.deviceId })
  if (seq === undefined || !SEQ_PATTERN.test(seq))
    throw badRequest(undefined, { header: HEADERS.mutationSeq })
  return { deviceId, seq: Number(seq) }
}

/**
 * Records the change's number as the device's last applied one, in the transaction at hand. False when the
 * device has applied this number or a later one already: the caller then changes nothing. A concurrent
 * duplicate waits here on the device's row until the first commits, then sees its number and is false.
 */
export async function claimDeviceMutation(tx: Db, device: DeviceMutation): Promise<boolean> {
  const claimed = await statementRows<{ device_id: string }>(
    tx,
    'device_mutation_claim',
    `insert into device_mutations as m (device_id, last_seq) values ($1, $2)
     on conflict (device_id) do update set last_seq = excluded.last_seq, updated_at = now()
       where m.last_seq < excluded.last_seq
     returning device_id`,
    [device.deviceId, device.seq],
  )
  return claimed.length > 0
}

/** The device's last applied number (0 when it never sent one). */
export async function lastDeviceMutation(db: Db, deviceId: string): Promise<number> {
  const [row] = await statementRows<{ last_seq: string | number }>(
    db,
    'device_mutation_last',
    'select last_seq from device_mutations where device_id = $1',
    [deviceId],
  )
  return row ? Number(row.last_seq) : 0
}

/** Forgets devices silent for three months: their queued changes are long sent or long given up. */
export async function purgeDeviceMutations(db: Db, days = KEEP_DAYS): Promise<void> {
  await db.execute(
    sql`delete from device_mutations where updated_at < now() - make_interval(days => ${days})`,
  )
}
