import type { CashbackRuleRow } from './benefit-data'
import { type ConditionSubject, matchesConditions } from './conditions'
import { runsAt } from './window'

/** The best percent among the running cashback rules a product meets; rules do not add up. */
export function cashbackPercent(rules: CashbackRuleRow[], subject: ConditionSubject, now: Date): number {
  let best = 0
  for (const rule of rules)
    if (runsAt(rule, now) && matchesConditions(rule.conditions, subject)) best = Math.max(best, rule.percent)
  return best
}

/** Cashback of what a line is paid in money (after the promo code, gift cards and bonuses), floored. */
export const cashbackOf = (paidInMoney: number, percent: number): number =>
  Math.floor((Math.max(0, paidInMoney) * percent) / 100)
