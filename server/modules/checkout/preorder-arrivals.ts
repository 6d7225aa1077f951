import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { SmsProvider } from '../../providers/sms/types'
import type { Notify } from '../notifications'

interface ArrivedRow extends Record<string, unknown> {
  id: number
  phone: string
  user_id: string | null
  city_id: number
  lang: 'ru' | 'kk'
  sku: string
  uri: string
  title_ru: string
  title_kk: string
}

export interface PreorderArrivalsDeps {
  db: Db
  sms: SmsProvider
  notify: Notify
  log: FastifyBaseLogger
}

/** The SMS, in the language the shopper asked in; a title runs long, so it is cut. */
export function arrivalSms(row: Pick<ArrivedRow, 'lang' | 'title_ru' | 'title_kk'>): string {
  const title = (row.lang === 'kk' ? row.title_kk || row.title_ru : row.title_ru).slice(0, 80)
  return row.lang === 'kk'
    ? `«${title}» қалаңызда сатылымға түсті. Тапсырыс беруге болады.`
    : `«${title}» поступил в продажу в вашем городе. Его можно заказать.`
}

/**
 * Tells the shoppers who asked "tell me when it arrives" (`POST /preorders/{sku}/callbacks`) that the
 * product can now be ordered as any other: it is priced and in stock in the city they asked in (a
 * pre-order's goods arriving, or the pre-order ending with stock on the shelves; one ending without
 * stock has nothing to order yet). Each request is claimed by one conditional update (`notified_at` still
 * null), so two store processes running the watch at once tell each shopper once; the information
 * centre's note is written in that transaction, and the SMS goes after it commits: a crash between them
 * loses a text rather than sending it twice.
 */
export function createPreorderArrivals({ db, sms, notify, log }: PreorderArrivalsDeps) {
  async function run(): Promise<number> {
    const claimed = await db.transaction(async (tx) => {
      const arrived = await rows<ArrivedRow>(
        tx,
        sql`update preorder_callbacks c set notified_at = now()
            from products p
            where c.notified_at is null and p.id = c.product_id
              and exists (select 1 from product_prices pp
                          where pp.product_id = c.product_id and pp.city_id = c.city_id)
              and exists (select 1 from stocks s
                          where s.product_id = c.product_id and s.city_id = c.city_id and s.quantity > 0)
            returning c.id, c.phone, c.user_id, c.city_id, c.lang, p.sku, p.uri, p.title_ru, p.title_kk`,
      )
      for (const row of arrived) {
        if (row.user_id === null) continue
        await notify(
          row.user_id,
          'preorder_arrived',
          {
            sku: row.sku,
            productTitle: row.title_ru,
            productTitleKk: row.title_kk || undefined,
            uri: row.uri,
            cityId: row.city_id,
          },
          { tx },
        )
      }
      return arrived
    })
    for (const row of claimed) {
      try {
        await sms.send({ phone: row.phone, text: arrivalSms(row), purpose: 'preorder-arrived' })
      } catch (err) {
        log.warn({ err, callback: row.id }, 'preorder arrivals: the SMS was not sent')
      }
    }
    if (claimed.length > 0) log.info({ told: claimed.length }, 'preorder arrivals: shoppers told')
    return claimed.length
  }

  return { run }
}
export type PreorderArrivals = ReturnType<typeof createPreorderArrivals>
