import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import type { Db } from '../../db/connection'
import { pushVapidKeys } from '../../db/schema/push'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

/**
 * The store's VAPID key pair: made on the first start and kept in `push_vapid_keys`, so every process
 * and every later start signs with the key the browsers subscribed with (a new key would orphan every
 * subscription). Processes starting together each offer a pair; the first written wins, all read it.
 */
export async function ensureVapidKeys(db: Db): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await db
      .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
      .from(pushVapidKeys)
      .where(eq(pushVapidKeys.id, 1))
    return row
  }
  const found = await read()
  if (found) return found
  await db
    .insert(pushVapidKeys)
    .values({ id: 1, ...webpush.generateVAPIDKeys() })
    .onConflictDoNothing()
  const made = await read()
  if (!made) throw new Error('push: the VAPID keys were neither found nor written')
  return made
}
