import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ActionAccepted } from '../../../contract/account-area'
import type { Database } from '../../db/connection'
import { actionEvents } from '../../db/schema/account-area'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser } from '../../test/auth'
import { MAX_EVENT_BYTES } from './service'

let app: App
let database: Database

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

describe('POST /actioner/api/v1/events/{actionCode} (spec 7.10)', () => {
  it('records the event with its fields, the shopper and the session', async () => {
    const user = await signInTestUser(app)
    const res = await app.inject({
      method: 'POST',
      url: '/actioner/api/v1/events/guest_promo_shown',
      headers: { ...user.headers, 'x-session-id': 'session-12345678' },
      payload: {
        event_type: 'view',
        subject: 'modal',
        affiliation: 'web',
        created_at: '2026-11-22T10:00:00+05:00',
        page: '/catalog',
      },
    })
    expect(res.statusCode).toBe(202)
    const { id } = ActionAccepted.parse(res.json())
    const [row] = await database.db.select().from(actionEvents).where(eq(actionEvents.id, id))
    expect(row).toMatchObject({
      actionCode: 'guest_promo_shown',
      eventType: 'view',
      subject: 'modal',
      affiliation: 'web',
      userId: user.userId,
      sessionId: 'session-12345678',
      payload: { page: '/catalog' },
    })
    expect(row!.clientCreatedAt?.toISOString()).toBe('2026-11-22T05:00:00.000Z')
  })

  it('takes events from guests too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/actioner/api/v1/events/search',
      payload: { event_type: 'query' },
    })
    expect(res.statusCode).toBe(202)
  })

  it('refuses a bad action code or event, and an oversized one', async () => {
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload })
    expect((await post('/actioner/api/v1/events/bad%20code', { event_type: 'x' })).statusCode).toBe(400)
    expect((await post('/actioner/api/v1/events/ok', {})).statusCode).toBe(400)
    expect(
      (await post('/actioner/api/v1/events/ok', { event_type: 'x', created_at: 'yesterday' })).statusCode,
    ).toBe(400)
    const big = await post('/actioner/api/v1/events/ok', {
      event_type: 'x',
      blob: 'x'.repeat(MAX_EVENT_BYTES),
    })
    expect(big.statusCode).toBe(413)
  })
})
