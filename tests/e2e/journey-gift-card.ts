import { sql } from 'drizzle-orm'
import { readConfig } from '../../server/config'
import { openDatabase } from '../../server/db/connection'
import { E2E_CANCEL_GIFT_CARD } from '../../playwright.config'

/*
 * Before the journeys' server starts: a gift card of the order-cancel journey's own, so what that
 * journey spends and sees come back is not GIFT10000, which the checkout journey empties. The store
 * has no other way yet to issue a card (PGlite's files belong to one process, so this runs first).
 */
const config = readConfig({ ...process.env, LOG_LEVEL: 'silent' })
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
)
try {
  await database.migrate()
  await database.db.execute(
    sql`insert into gift_cards (code, initial_amount, balance) values (${E2E_CANCEL_GIFT_CARD}, 5000, 5000)
        on conflict do nothing`,
  )
} finally {
  await database.close()
}
