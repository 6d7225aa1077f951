import { and, desc, eq } from 'drizzle-orm'
import type { Card, CardsResponse } from '../../../contract/account-area'
import type { Db } from '../../db/connection'
import { cardBindings, paymentCards } from '../../db/schema/account-area'

export interface NewCard {
  token: string
  mask: string
  brand: string
  expiry: string
}

export function createCardRepo(db: Db) {
  const mine = (userId: string, id: string) => and(eq(paymentCards.userId, userId), eq(paymentCards.id, id))

  return {
    async list(userId: string): Promise<CardsResponse> {
      const found = await db
        .select()
        .from(paymentCards)
        .where(eq(paymentCards.userId, userId))
        .orderBy(desc(paymentCards.isDefault), desc(paymentCards.createdAt))
      const cards: Card[] = found.map((r) => ({
        id: r.id,
        mask: r.mask,
        brand: r.brand,
        expiry: r.expiry,
        isDefault: r.isDefault,
      }))
      return { cards, defaultCard: cards.find((c) => c.isDefault)?.id ?? null }
    },

    /** The acquirer's token of one of the shopper's cards, to charge it; null when it is not theirs. */
    async token(userId: string, id: string): Promise<{ token: string; mask: string } | null> {
      const [row] = await db
        .select({ token: paymentCards.token, mask: paymentCards.mask })
        .from(paymentCards)
        .where(mine(userId, id))
      return row ?? null
    },

    setDefault(userId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [card] = await tx.select({ id: paymentCards.id }).from(paymentCards).where(mine(userId, id))
        if (!card) return false
        await tx.update(paymentCards).set({ isDefault: false }).where(eq(paymentCards.userId, userId))
        await tx.update(paymentCards).set({ isDefault: true }).where(mine(userId, id))
        return true
      })
    },

    /** Deleting the default card makes the newest remaining one the default. */
    remove(userId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [gone] = await tx.delete(paymentCards).where(mine(userId, id)).returning()
        if (!gone) return false
        if (gone.isDefault) {
          const [next] = await tx
            .select({ id: paymentCards.id })
            .from(paymentCards)
            .where(eq(paymentCards.userId, userId))
            .orderBy(desc(paymentCards.createdAt))
            .limit(1)
          if (next) await tx.update(paymentCards).set({ isDefault: true }).where(mine(userId, next.id))
        }
        return true
      })
    },

    async createBinding(userId: string, returnUrl: string, failUrl: string): Promise<string> {
      const [row] = await db
        .insert(cardBindings)
        .values({ userId, returnUrl, failUrl })
        .returning({ id: cardBindings.id })
      return row!.id
    },

    async attachSession(bindingId: string, session: string): Promise<void> {
      await db.update(cardBindings).set({ acquirerSession: session }).where(eq(cardBindings.id, bindingId))
    },

    async binding(id: string) {
      const [row] = await db.select().from(cardBindings).where(eq(cardBindings.id, id))
      return row ?? null
    },

    /**
     * Saves the approved card once: only a pending binding turns into a card, so coming back twice (a
     * reload, a replayed redirect) adds nothing. The shopper's first card becomes the default.
     */
    bind(bindingId: string, userId: string, card: NewCard): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(cardBindings)
          .set({ status: 'bound', completedAt: new Date() })
          .where(and(eq(cardBindings.id, bindingId), eq(cardBindings.status, 'pending')))
          .returning({ id: cardBindings.id })
        if (!claimed) return null
        const [existing] = await tx
          .select({ id: paymentCards.id })
          .from(paymentCards)
          .where(eq(paymentCards.userId, userId))
          .limit(1)
        const [row] = await tx
          .insert(paymentCards)
          .values({ userId, ...card, isDefault: !existing })
          .returning({ id: paymentCards.id })
        await tx.update(cardBindings).set({ cardId: row!.id }).where(eq(cardBindings.id, bindingId))
        return row!.id
      })
    },

    async fail(bindingId: string): Promise<void> {
      await db
        .update(cardBindings)
        .set({ status: 'failed', completedAt: new Date() })
        .where(and(eq(cardBindings.id, bindingId), eq(cardBindings.status, 'pending')))
    },
  }
}
export type CardRepo = ReturnType<typeof createCardRepo>
