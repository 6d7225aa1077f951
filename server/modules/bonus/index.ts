/** The bonus module's public face: pricing reads a shopper's spendable balance through its repo. */
export { createBonusRepo } from './repo'
export { bonusModule } from './routes'
