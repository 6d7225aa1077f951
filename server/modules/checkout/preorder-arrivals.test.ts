import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { NOTIFICATIONS_V1, NotificationList } from '../../../contract/notifications'
import { openDatabase, type Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { createLocalSmsProvider } from '../../providers/sms/local'
import type { SmsMessage } from '../../providers/sms/types'
import { testApp } from '../../test/app'
import { randomPhone, signInTestUser } from '../../test/auth'
import { makeProduct, type TestProduct } from '../../test/products'
import { arrivalSms, createPreorderArrivals } from './preorder-arrivals'

let app: App
let database: Database

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

/** A watch whose SMS are recorded as well as written to the outbox. */
function watch(db = database.db) {
  const sent: SmsMessage[] = []
  const outbox = createLocalSmsProvider(db)
  const arrivals = createPreorderArrivals({
    db,
    sms: {
      name: 'recording',
      send: async (m) => {
        sent.push(m)
        await outbox.send(m)
      },
    },
    notify: app.notify,
    log: app.log,
  })
  return { sent, run: arrivals.run }
}

async function preorderProduct(): Promise<TestProduct> {
  const p = await makeProduct(database.db, { prices: { 1: 90_000 }, stock: {} })
  await database.db.execute(sql`update products set is_preorder = true where id = ${p.id}`)
  return p
}

const ask = (p: TestProduct, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/oms/api/v1/preorders/${p.sku}/callbacks`, headers, payload })

async function arrive(p: TestProduct, cityId: number, quantity = 3) {
  await database.db.execute(
    sql`insert into stocks (product_id, city_id, service_point_id, condition, quantity, pickup_time)
        select ${p.id}, ${cityId}, id, 'N', ${quantity}, 24
        from service_points where city_id = ${cityId} order by id limit 1`,
  )
}

const waiting = async (p: TestProduct) =>
  (
    await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from preorder_callbacks where product_id = ${p.id} and notified_at is null`,
    )
  )[0]!.n

describe('telling shoppers that a pre-order product arrived', () => {
  it('sends each waiting shopper one SMS when stock arrives in their city, and a signed-in one a notification', async () => {
    const p = await preorderProduct()
    const guestPhone = randomPhone()
    expect((await ask(p, { city_id: 1, phone: guestPhone }, { 'accept-language': 'kk' })).statusCode).toBe(
      201,
    )
    const user = await signInTestUser(app)
    expect((await ask(p, { city_id: 1 }, user.headers)).statusCode).toBe(201)
    const astana = randomPhone()
    expect((await ask(p, { city_id: 2, phone: astana })).statusCode).toBe(201)

    const { sent, run } = watch()
    // nothing has arrived yet: nobody is told
    await run()
    expect(sent.filter((m) => [guestPhone, user.phone, astana].includes(m.phone))).toEqual([])

    await arrive(p, 1)
    await run()
    const mine = sent.filter((m) => [guestPhone, user.phone, astana].includes(m.phone))
    expect(mine.map((m) => m.phone).sort()).toEqual([guestPhone, user.phone].sort())
    expect(mine.every((m) => m.purpose === 'preorder-arrived')).toBe(true)
    expect(mine.find((m) => m.phone === guestPhone)?.text).toContain('сатылымға түсті')
    expect(mine.find((m) => m.phone === user.phone)?.text).toContain('поступил в продажу')
    // the SMS reached the provider's outbox
    const outbox = await createLocalSmsProvider(database.db).outbox(guestPhone)
    expect(outbox.map((m) => m.purpose)).toContain('preorder-arrived')

    const notes = NotificationList.parse(
      (await app.inject({ url: `${NOTIFICATIONS_V1}/notes`, headers: user.headers })).json(),
    ).notes.filter((n) => n.kind === 'preorder_arrived')
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({
      link: expect.stringContaining('/p/'),
      payload: { sku: p.sku, cityId: 1 },
    })

    // told once: the next runs send nothing more; Astana waits for its own stock
    await run()
    expect(sent.filter((m) => [guestPhone, user.phone, astana].includes(m.phone))).toHaveLength(2)
    expect(await waiting(p)).toBe(1)
  })

  it('tells once when two store processes run the watch at once', async () => {
    const p = await preorderProduct()
    const phones = [randomPhone(), randomPhone(), randomPhone()]
    for (const phone of phones) expect((await ask(p, { city_id: 1, phone })).statusCode).toBe(201)
    await arrive(p, 1)

    // a second process has a connection of its own (on PGlite the one database takes them in turn)
    const url = database.engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined
    const other = url ? await openDatabase({ url }) : null
    try {
      const a = watch()
      const b = watch(other?.db ?? database.db)
      await Promise.all([a.run(), b.run(), a.run(), b.run()])
      const told = [...a.sent, ...b.sent].filter((m) => phones.includes(m.phone))
      expect(told.map((m) => m.phone).sort()).toEqual([...phones].sort())
      expect(await waiting(p)).toBe(0)
    } finally {
      await other?.close()
    }
  })

  it('writes the SMS in the language asked in, with the title cut short', () => {
    const long = 'Х'.repeat(200)
    expect(arrivalSms({ lang: 'ru', title_ru: long, title_kk: '' }).length).toBeLessThan(160)
    expect(arrivalSms({ lang: 'kk', title_ru: 'Телефон', title_kk: '' })).toContain('«Телефон»')
  })
})
