import { BONUS_V1, BonusProfile, BonusQuery } from '../../../contract/account-area'
import { ErrorBody } from '../../../contract/common'
import { optionalUser } from '../../http/auth'
import type { ModuleRegistration } from '../../http/types'
import { createBonusRepo } from './repo'
import { createBonusService } from './service'

/**
 * Spec 7.9: the bonus profile. A guest gets the UNAUTHORIZED status with the level table (the guest area
 * shows what an account would earn), never a 401. The account comes from the access token only: `tdid` is
 * accepted for the spec's call shape, and never lets one shopper read another's bonuses.
 */
export const bonusModule: ModuleRegistration = (app, { database }) => {
  const repo = createBonusRepo(database.db)
  const bonus = createBonusService(repo)
  app.addHook('onReady', async () => {
    await repo.ensureLevels()
  })

  app.get(
    `${BONUS_V1}/profiles`,
    {
      schema: {
        tags: ['bonus'],
        summary: "The shopper's bonus balance, level and the level table",
        querystring: BonusQuery,
        response: { 200: BonusProfile, 400: ErrorBody },
      },
    },
    async (req, reply) => {
      const user = await optionalUser(req)
      reply.header('cache-control', 'private, no-store')
      return bonus.profile(user?.userId ?? null)
    },
  )
}
