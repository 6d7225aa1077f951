import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm'
import type { OrderHistory, OrderHistoryQuery, OrderStatus } from '../../../contract/account-area'
import { ORDER_STATUSES } from '../../../contract/account-area'
import type { Db } from '../../db/connection'
import { orderItems, orders } from '../../db/schema/account-area'

/** The store's dates are Kazakhstan's (UTC+05:00, no daylight saving): a day starts at 00:00+05:00. */
const dayStart = (date: string) => new Date(`${date}T00:00:00+05:00`)
const nextDayStart = (date: string) => new Date(dayStart(date).getTime() + 86_400_000)

export interface NewOrder {
  number: string
  userId: string | null
  cityId: number
  status: OrderStatus
  total: number
  deliveryType: string
  paymentMethod?: string | null
  isOrganization?: boolean
  receiver?: unknown
  address?: unknown
  createdAt?: Date
  items: {
    productId?: number | null
    sku: string
    title: string
    uri?: string | null
    quantity: number
    price: number
  }[]
}

export function createOrderRepo(db: Db) {
  return {
    async history(userId: string, q: OrderHistoryQuery): Promise<OrderHistory> {
      const filter: SQL[] = [eq(orders.userId, userId)]
      if (q.status) filter.push(eq(orders.status, q.status))
      if (q.dateFrom) filter.push(gte(orders.createdAt, dayStart(q.dateFrom)))
      if (q.dateTo) filter.push(lt(orders.createdAt, nextDayStart(q.dateTo)))
      if (q.isOrganization) filter.push(eq(orders.isOrganization, q.isOrganization === 'true'))
      const where = and(...filter)

      const [page, [total], byStatus] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(q.limit)
          .offset(q.skip * q.limit),
        db.select({ n: count() }).from(orders).where(where),
        db
          .select({ status: orders.status, n: count() })
          .from(orders)
          .where(eq(orders.userId, userId))
          .groupBy(orders.status),
      ])
      const items = page.length
        ? await db
            .select()
            .from(orderItems)
            .where(
              inArray(
                orderItems.orderId,
                page.map((o) => o.id),
              ),
            )
            .orderBy(asc(orderItems.position))
        : []
      const known = new Set<string>(ORDER_STATUSES)
      return {
        orders: page.map((o) => ({
          order_id: o.id,
          number: o.number,
          status: o.status as OrderStatus,
          created_at: o.createdAt.toISOString(),
          total: o.total,
          city_id: o.cityId,
          delivery_type: o.deliveryType,
          isOrganization: o.isOrganization,
          items: items
            .filter((i) => i.orderId === o.id)
            .map((i) => ({ sku: i.sku, title: i.title, quantity: i.quantity, price: i.price, uri: i.uri })),
        })),
        statuses: byStatus
          .filter((s) => known.has(s.status))
          .map((s) => ({ status: s.status as OrderStatus, count: s.n })),
        count: total?.n ?? 0,
      }
    },

    /** Writes an order with its lines; checkout calls this, and tests use it to build a history. */
    insert(order: NewOrder): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(orders)
          .values({
            number: order.number,
            userId: order.userId,
            cityId: order.cityId,
            status: order.status,
            total: order.total,
            deliveryType: order.deliveryType,
            paymentMethod: order.paymentMethod ?? null,
            isOrganization: order.isOrganization ?? false,
            receiver: order.receiver ?? null,
            address: order.address ?? null,
            ...(order.createdAt ? { createdAt: order.createdAt, updatedAt: order.createdAt } : {}),
          })
          .returning({ id: orders.id })
        const id = row!.id
        if (order.items.length)
          await tx.insert(orderItems).values(
            order.items.map((item, position) => ({
              orderId: id,
              position,
              productId: item.productId ?? null,
              sku: item.sku,
              title: item.title,
              uri: item.uri ?? null,
              quantity: item.quantity,
              price: item.price,
            })),
          )
        return id
      })
    },
  }
}
export type OrderRepo = ReturnType<typeof createOrderRepo>
