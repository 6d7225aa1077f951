/**
 * The bonus module's public face: pricing reads a shopper's spendable balance through its repo, and the
 * operator's command (`npm run bonus`) credits and reads a shopper's bonuses by phone.
 */
export { createBonusRepo } from './repo'
export { bonusModule } from './routes'
export {
  BonusOperatorError,
  checkPhone,
  createBonusOperator,
  MAX_BONUS_GRANT,
  parseGrantAmount,
  type BonusOperator,
  type GrantResult,
} from './operator'
