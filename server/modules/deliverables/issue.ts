import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { ISSUED_GIFT_CARD_MONTHS } from '../../../contract/deliverables'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'

/** Letters and digits no one misreads (no 0/O, 1/I/L, 5/S). */
const ALPHABET = 'ABCDEFGHJKMNPQRTUVWXYZ2346789'

const groups = (count: number, size: number) =>
  Array.from({ length: count }, () =>
    Array.from({ length: size }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  ).join('-')

/** A gift card's code: `GC-XXXX-XXXX-XXXX`, 60 bits of chance, typed into a cart like GIFT10000. */
export const giftCardCode = () => `GC-${groups(3, 4)}`
/** A licence key in the usual five groups of five. */
export const licenceKey = () => groups(5, 5)

interface PaidLine extends Record<string, unknown> {
  position: number
  sku: string
  title: string
  quantity: number
  price: number
  type: string
  nominal: string | null
}

/**
 * Issues what the paid order's certificates and digital products give: a gift card per certificate unit
 * (its nominal, valid twelve months) and a key per digital unit. Runs in the payment's transaction; a
 * second call for the same order issues nothing more.
 */
export async function issueDeliverables(tx: Db, orderId: string, now: Date): Promise<number> {
  const lines = await rows<PaidLine>(
    tx,
    sql`select oi.position, oi.sku, oi.title, oi.quantity, oi.price, p.type, p.attributes->>'nominal' as nominal
        from order_items oi join products p on p.id = oi.product_id
        where oi.order_id = ${orderId} and oi.kind = 'product' and p.type in ('certificate', 'digital')
          and not exists (select 1 from order_deliverables d where d.order_id = oi.order_id and d.position = oi.position)
        order by oi.position`,
  )
  const validTo = new Date(now)
  validTo.setUTCMonth(validTo.getUTCMonth() + ISSUED_GIFT_CARD_MONTHS)
  let issued = 0
  for (const line of lines) {
    for (let unit = 1; unit <= line.quantity; unit++) {
      if (line.type === 'certificate') {
        const amount = Number(line.nominal) > 0 ? Number(line.nominal) : line.price
        const code = giftCardCode()
        await tx.execute(
          sql`insert into gift_cards (code, initial_amount, balance, valid_to) values (${code}, ${amount}, ${amount}, ${validTo})`,
        )
        await tx.execute(
          sql`insert into order_deliverables (order_id, position, unit, kind, sku, title, code, amount)
              values (${orderId}, ${line.position}, ${unit}, 'gift_card', ${line.sku}, ${line.title}, ${code}, ${amount})`,
        )
      } else {
        await tx.execute(
          sql`insert into order_deliverables (order_id, position, unit, kind, sku, title, code)
              values (${orderId}, ${line.position}, ${unit}, 'esd_key', ${line.sku}, ${line.title}, ${licenceKey()})`,
        )
      }
      issued++
    }
  }
  return issued
}
