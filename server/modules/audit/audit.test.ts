import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/connection'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { listAudit, recordAudit } from './index'

let app: App
let db: Db

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  db = built.database.db
})

/** A subject no other test touches, so each test reads only its own entries. */
const subject = () => `test-${randomUUID()}`

describe('the audit log', () => {
  it('records an entry with its actor, subject, details and address, and reads it back by subject', async () => {
    const id = subject()
    await recordAudit(db, {
      actorKind: 'shopper',
      actorId: 'u-1',
      action: 'signin.password',
      subjectKind: 'user',
      subjectId: id,
      details: { outcome: 'ok' },
      ip: '203.0.113.9',
    })
    const [entry] = await listAudit(db, { subjectKind: 'user', subjectId: id, limit: 10 })
    expect(entry).toMatchObject({
      actorKind: 'shopper',
      actorId: 'u-1',
      action: 'signin.password',
      subjectKind: 'user',
      subjectId: id,
      details: { outcome: 'ok' },
      ip: '203.0.113.9',
    })
    expect(entry?.at).toBeInstanceOf(Date)
    expect(Math.abs(Date.now() - entry!.at.getTime())).toBeLessThan(60_000)
  })

  it('commits an entry with the transaction it was recorded in, and drops it with a rolled-back one', async () => {
    const kept = subject()
    const dropped = subject()
    await db.transaction(async (tx) => {
      await recordAudit(tx, {
        actorKind: 'system',
        actorId: 'test',
        action: 'x',
        subjectKind: 'k',
        subjectId: kept,
      })
    })
    await expect(
      db.transaction(async (tx) => {
        await app.audit.record(
          { actorKind: 'system', actorId: 'test', action: 'x', subjectKind: 'k', subjectId: dropped },
          tx,
        )
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await listAudit(db, { subjectKind: 'k', subjectId: kept, limit: 5 })).toHaveLength(1)
    expect(await listAudit(db, { subjectKind: 'k', subjectId: dropped, limit: 5 })).toHaveLength(0)
  })

  it('lists newest first, filters by actor and action, and pages with before', async () => {
    const actor = subject()
    for (const action of ['a.one', 'a.two', 'a.three', 'a.two'])
      await app.audit.record({
        actorKind: 'staff',
        actorId: actor,
        action,
        subjectKind: 'order',
        subjectId: null,
      })
    const all = await app.audit.list({ actorId: actor, limit: 10 })
    expect(all.map((e) => e.action)).toEqual(['a.two', 'a.three', 'a.two', 'a.one'])
    expect(all.every((e) => e.details && Object.keys(e.details).length === 0 && e.ip === null)).toBe(true)
    const twos = await app.audit.list({ actorId: actor, action: 'a.two', limit: 10 })
    expect(twos).toHaveLength(2)
    const first = await app.audit.list({ actorId: actor, limit: 2 })
    const next = await app.audit.list({ actorId: actor, limit: 2, before: first[1]!.id })
    expect([...first, ...next].map((e) => e.id)).toEqual(all.map((e) => e.id))
  })

  it('refuses to change or remove an entry', async () => {
    const id = subject()
    await recordAudit(db, {
      actorKind: 'system',
      actorId: null,
      action: 'x',
      subjectKind: 'k',
      subjectId: id,
    })
    await expect(
      db.execute(sql`update audit_log set action = 'y' where subject_id = ${id}`),
    ).rejects.toThrow()
    await expect(db.execute(sql`delete from audit_log where subject_id = ${id}`)).rejects.toThrow()
    const [entry] = await listAudit(db, { subjectId: id, limit: 1 })
    expect(entry?.action).toBe('x')
  })

  it('refuses an actor kind it does not know', async () => {
    await expect(
      recordAudit(db, {
        actorKind: 'robot' as 'system',
        actorId: null,
        action: 'x',
        subjectKind: 'k',
        subjectId: subject(),
      }),
    ).rejects.toThrow()
  })
})
