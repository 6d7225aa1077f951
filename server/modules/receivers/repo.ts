import { and, desc, eq, sql } from 'drizzle-orm'
import type { Receiver, ReceiverInput } from '../../../contract/account-area'
import type { Db } from '../../db/connection'
import { users } from '../../db/schema/account'
import { receivers } from '../../db/schema/account-area'

type Row = typeof receivers.$inferSelect

/** Spec 3: a receiver's email falls back to the profile's email when it has none of its own. */
export function toReceiver(r: Row, profileEmail: string | null): Receiver {
  return {
    id: r.id,
    firstname: r.firstname,
    lastname: r.lastname,
    phone: r.phone,
    email: r.email ?? profileEmail,
    emailFromProfile: r.email === null && profileEmail !== null,
    isOrganization: r.isOrganization,
    organization:
      r.isOrganization && r.orgName && r.orgBin
        ? { name: r.orgName, bin: r.orgBin, address: r.orgAddress ?? '' }
        : null,
  }
}

const values = (input: ReceiverInput) => ({
  firstname: input.firstname,
  lastname: input.lastname,
  phone: input.phone,
  email: input.email,
  isOrganization: input.isOrganization,
  orgName: input.isOrganization ? (input.organization?.name ?? null) : null,
  orgBin: input.isOrganization ? (input.organization?.bin ?? null) : null,
  orgAddress: input.isOrganization ? (input.organization?.address ?? null) : null,
})

/** Every statement names the owner: someone else's receiver id matches nothing. */
export function createReceiverRepo(db: Db) {
  const mine = (userId: string, id: string) => and(eq(receivers.userId, userId), eq(receivers.id, id))

  async function profileEmail(userId: string): Promise<string | null> {
    // The users table is the account module's; the receiver only reads the email it falls back to.
    const [row] = await db
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.id}::text = ${userId}`)
    return row?.email ?? null
  }

  return {
    async list(userId: string): Promise<Receiver[]> {
      const [found, email] = await Promise.all([
        db
          .select()
          .from(receivers)
          .where(eq(receivers.userId, userId))
          .orderBy(desc(receivers.createdAt), desc(receivers.id)),
        profileEmail(userId),
      ])
      return found.map((r) => toReceiver(r, email))
    },

    async count(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(receivers)
        .where(eq(receivers.userId, userId))
      return row?.n ?? 0
    },

    async create(userId: string, input: ReceiverInput): Promise<Receiver> {
      const [row] = await db
        .insert(receivers)
        .values({ userId, ...values(input) })
        .returning()
      return toReceiver(row!, await profileEmail(userId))
    },

    async update(userId: string, id: string, input: ReceiverInput): Promise<Receiver | null> {
      const [row] = await db
        .update(receivers)
        .set({ ...values(input), updatedAt: new Date() })
        .where(mine(userId, id))
        .returning()
      return row ? toReceiver(row, await profileEmail(userId)) : null
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const gone = await db.delete(receivers).where(mine(userId, id)).returning({ id: receivers.id })
      return gone.length === 1
    },
  }
}
export type ReceiverRepo = ReturnType<typeof createReceiverRepo>
