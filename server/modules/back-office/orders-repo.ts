import { eq, sql } from 'drizzle-orm'
import { ADMIN_ORDERS_PAGE, type AdminOrderList, type AdminOrderSearch } from '../../../contract/back-office'
import type { Lang } from '../../../contract/common'
import { normalizePhone } from '../../../contract/values/account'
import type { OrderStatus } from '../../../contract/values/account-area'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import { servicePoints } from '../../db/schema/geo'

/** The store's days are Kazakhstan's (UTC+5): a day's first instant in UTC. */
const dayStart = (isoDay: string) =>
  sql`((${isoDay})::date::timestamp - interval '5 hours') at time zone 'UTC'`

/** The SQL the back office's order search needs: orders by number, phone, status and day, paged. */
export function createBackOfficeOrdersRepo(db: Db) {
  return {
    async search(query: AdminOrderSearch & { page: number }): Promise<AdminOrderList> {
      const where = [sql`true`]
      if (query.number) where.push(sql`o.number ilike ${query.number.replace(/[\\%_]/g, '\\$&') + '%'}`)
      if (query.phone) {
        const digits = normalizePhone(query.phone)
        if (digits) {
          const like = `%${digits}%`
          where.push(
            sql`(regexp_replace(coalesce(o.receiver->>'phone', ''), '\\D', '', 'g') like ${like} or u.phone like ${like})`,
          )
        }
      }
      if (query.status) where.push(sql`o.status = ${query.status}`)
      if (query.from) where.push(sql`o.created_at >= ${dayStart(query.from)}`)
      if (query.to) where.push(sql`o.created_at < ${dayStart(query.to)} + interval '1 day'`)
      const offset = (query.page - 1) * ADMIN_ORDERS_PAGE
      const found = await rows<{
        id: string
        number: string
        status: OrderStatus
        created_at: Date | string
        city_id: number
        total: number
        delivery_type: string
        payment_method: string | null
        payment_status: string
        receiver_name: string
        phone: string | null
        found: number
      }>(
        db,
        sql`select o.id, o.number, o.status, o.created_at, o.city_id, o.total,
                   coalesce(o.shipping->>'type', o.delivery_type) as delivery_type,
                   o.payment_method, o.payment_status,
                   trim(coalesce(o.receiver->>'firstname', '') || ' ' || coalesce(o.receiver->>'lastname', '')) as receiver_name,
                   coalesce(nullif(o.receiver->>'phone', ''), u.phone) as phone,
                   (count(*) over ())::int as found
            from orders o left join users u on u.id::text = o.user_id
            where ${sql.join(where, sql` and `)}
            order by o.created_at desc, o.id desc
            limit ${ADMIN_ORDERS_PAGE} offset ${offset}`,
      )
      const total =
        found[0]?.found ??
        (offset > 0
          ? ((
              await rows<{ n: number }>(
                db,
                sql`select count(*)::int as n from orders o left join users u on u.id::text = o.user_id
                    where ${sql.join(where, sql` and `)}`,
              )
            )[0]?.n ?? 0)
          : 0)
      return {
        orders: found.map(({ found: _found, created_at, ...o }) => ({
          ...o,
          created_at: new Date(created_at).toISOString(),
        })),
        page: query.page,
        pages: Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE)),
        total,
      }
    },

    async servicePoint(id: number, lang: Lang) {
      const [row] = await db
        .select({
          title: lang === 'kk' ? servicePoints.titleKk : servicePoints.titleRu,
          address: lang === 'kk' ? servicePoints.addressKk : servicePoints.addressRu,
        })
        .from(servicePoints)
        .where(eq(servicePoints.id, id))
      return row ?? null
    },
  }
}
