import type { Benefit, BonusProfile, BonusStatus } from '../../../contract/account-area'
import type { BonusRepo, Level } from './repo'

const YEAR_MS = 365 * 86_400_000

const benefitType = (status: BonusStatus): Benefit['type'] =>
  status === 'UNAUTHORIZED' ? 'unauthorized' : status === 'HAS_NO_BONUS' ? 'hasNoBonus' : 'hasBenefit'

const toBenefit = (l: Level, status: BonusStatus): Benefit => ({
  code: l.code,
  benefit: l.percent,
  threshold: l.threshold,
  isDefault: l.isDefault,
  type: benefitType(status),
})

/**
 * Spec 3 (Bonus, Benefit): the level comes from completed purchases of the last 12 months; bonuses
 * become spendable some days after an order (not accessible until then) and may expire.
 */
export function createBonusService(repo: BonusRepo, now: () => Date = () => new Date()) {
  return {
    async profile(userId: string | null): Promise<BonusProfile> {
      const levels = await repo.levels()
      if (!userId) {
        const status = 'UNAUTHORIZED'
        return {
          status,
          bonusAccessible: 0,
          bonusNotAccessible: 0,
          bonusTable: levels.map((l) => toBenefit(l, status)),
          benefit: null,
          accumulatedPurchases: 0,
          leftToAccumulate: levels.find((l) => !l.isDefault)?.threshold ?? 0,
          activityDate: null,
          nearestEndDate: null,
          nearestSum: 0,
        }
      }
      const at = now()
      const [purchases, balance] = await Promise.all([
        repo.purchases(userId, new Date(at.getTime() - YEAR_MS)),
        repo.balance(userId, at),
      ])
      const reached = levels.filter((l) => l.threshold <= purchases.sum)
      const level = reached[reached.length - 1] ?? levels.find((l) => l.isDefault) ?? null
      const next = levels.find((l) => l.threshold > purchases.sum)
      const status: BonusStatus =
        purchases.sum > 0 || balance.accessible > 0 || balance.notAccessible > 0
          ? 'HAS_BENEFIT'
          : 'HAS_NO_BONUS'
      return {
        status,
        bonusAccessible: balance.accessible,
        bonusNotAccessible: balance.notAccessible,
        bonusTable: levels.map((l) => toBenefit(l, status)),
        benefit: level ? toBenefit(level, status) : null,
        accumulatedPurchases: purchases.sum,
        leftToAccumulate: next ? next.threshold - purchases.sum : 0,
        activityDate: purchases.last ? new Date(purchases.last.getTime() + YEAR_MS).toISOString() : null,
        nearestEndDate: balance.nearestEnd?.toISOString() ?? null,
        nearestSum: balance.nearestSum,
      }
    },
  }
}
