import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { featureFlags, featureFlagVariants } from '../../db/schema/account-area'

export interface FlagDefinition {
  id: number
  key: string
  enabled: boolean
  description: string
  variants: { id: number; key: string; weight: number }[]
}

/**
 * The flags of spec 9 as the store starts (feature ids 15, 36, 41, 52, 85), with the variant keys of
 * spec 4. They are rows, so changing a rollout is an UPDATE; a restart never overwrites a change.
 */
export const DEFAULT_FLAGS: FlagDefinition[] = [
  {
    id: 15,
    key: 'yandexSuggest',
    enabled: true,
    description: 'Yandex-style search suggestions',
    variants: [
      { id: 1, key: 'control', weight: 100 },
      { id: 2, key: 'yandexSuggest', weight: 0 },
    ],
  },
  {
    id: 36,
    key: 'newYearTheme',
    enabled: false,
    description: 'New year theme of the shell',
    variants: [{ id: 1, key: 'newYear', weight: 100 }],
  },
  {
    id: 41,
    key: 'bankPromotion',
    enabled: true,
    description: 'Bank promotion block on product pages',
    variants: [
      { id: 1, key: 'withPromotion', weight: 50 },
      { id: 2, key: 'withoutPromotion', weight: 50 },
    ],
  },
  {
    id: 52,
    key: 'installSuggestion',
    enabled: true,
    description: 'Suggest installing the app',
    variants: [
      { id: 1, key: 'withInstallSuggestion', weight: 50 },
      { id: 2, key: 'control', weight: 50 },
    ],
  },
  {
    id: 85,
    key: 'guestPromocodes',
    enabled: true,
    description: 'Guest promo code offer after two minutes of browsing',
    variants: [
      { id: 1, key: 'default', weight: 100 },
      { id: 2, key: 'control', weight: 0 },
    ],
  },
]

export function createFlagRepo(db: Db) {
  return {
    async ensureDefaults(): Promise<void> {
      for (const flag of DEFAULT_FLAGS) {
        const inserted = await db
          .insert(featureFlags)
          .values({ id: flag.id, key: flag.key, enabled: flag.enabled, description: flag.description })
          .onConflictDoNothing()
          .returning({ id: featureFlags.id })
        if (inserted.length)
          await db.insert(featureFlagVariants).values(flag.variants.map((v) => ({ flagId: flag.id, ...v })))
      }
    },

    async flag(id: number): Promise<FlagDefinition | null> {
      const [flag] = await db.select().from(featureFlags).where(eq(featureFlags.id, id))
      if (!flag) return null
      const variants = await db
        .select({
          id: featureFlagVariants.id,
          key: featureFlagVariants.key,
          weight: featureFlagVariants.weight,
        })
        .from(featureFlagVariants)
        .where(eq(featureFlagVariants.flagId, id))
        .orderBy(asc(featureFlagVariants.id))
      return { ...flag, variants }
    },
  }
}
export type FlagRepo = ReturnType<typeof createFlagRepo>
