import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { Address, AddressInput } from '../../../contract/account-area'
import type { Db } from '../../db/connection'
import { addresses } from '../../db/schema/account-area'

type Row = typeof addresses.$inferSelect

const toAddress = (r: Row): Address => ({
  id: r.id,
  city_id: r.cityId,
  street: r.street,
  house: r.house,
  floor: r.floor,
  apartment: r.apartment,
  comment: r.comment,
  isDefault: r.isDefault,
})

const values = (input: AddressInput) => ({
  cityId: input.city_id,
  street: input.street,
  house: input.house,
  floor: input.floor,
  apartment: input.apartment,
  comment: input.comment,
})

/** Every statement names the owner: an id of someone else's address simply matches nothing. */
export function createAddressRepo(db: Db) {
  const mine = (userId: string, id: string) => and(eq(addresses.userId, userId), eq(addresses.id, id))

  return {
    async list(userId: string): Promise<Address[]> {
      const found = await db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id))
      return found.map(toAddress)
    },

    async count(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(addresses)
        .where(eq(addresses.userId, userId))
      return row?.n ?? 0
    },

    /** The first address of a shopper becomes the default whatever the request says. */
    create(userId: string, input: AddressInput): Promise<Address> {
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .limit(1)
        const isDefault = input.isDefault || !existing
        if (isDefault)
          await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId))
        const [row] = await tx
          .insert(addresses)
          .values({ userId, ...values(input), isDefault })
          .returning()
        return toAddress(row!)
      })
    },

    update(userId: string, id: string, input: AddressInput): Promise<Address | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(addresses).where(mine(userId, id)).for('update')
        if (!current) return null
        // Unsetting the default is done by choosing another one, so there always is one.
        const isDefault = input.isDefault || current.isDefault
        if (isDefault && !current.isDefault)
          await tx
            .update(addresses)
            .set({ isDefault: false })
            .where(and(eq(addresses.userId, userId), ne(addresses.id, id)))
        const [row] = await tx
          .update(addresses)
          .set({ ...values(input), isDefault, updatedAt: new Date() })
          .where(mine(userId, id))
          .returning()
        return row ? toAddress(row) : null
      })
    },

    /** Deleting the default makes the newest remaining address the default. */
    remove(userId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [gone] = await tx.delete(addresses).where(mine(userId, id)).returning()
        if (!gone) return false
        if (gone.isDefault) {
          const [next] = await tx
            .select({ id: addresses.id })
            .from(addresses)
            .where(eq(addresses.userId, userId))
            .orderBy(desc(addresses.createdAt))
            .limit(1)
          if (next) await tx.update(addresses).set({ isDefault: true }).where(mine(userId, next.id))
        }
        return true
      })
    },
  }
}
export type AddressRepo = ReturnType<typeof createAddressRepo>
