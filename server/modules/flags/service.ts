import { createHash } from 'node:crypto'
import type { FlagEvaluation } from '../../../contract/account-area'
import { notFound } from '../../http/errors'
import type { FlagDefinition, FlagRepo } from './repo'

/** A stable number in [0, 1) for a device and a flag: the same device always lands in the same bucket. */
export function bucket(flagId: number, entityId: string): number {
  const digest = createHash('sha256').update(`${flagId}:${entityId}`).digest()
  return digest.readUInt32BE(0) / 2 ** 32
}

/** The variant whose share of the weights the bucket falls into; null when the flag is off. */
export function choose(flag: FlagDefinition, entityId: string): FlagDefinition['variants'][number] | null {
  if (!flag.enabled) return null
  const total = flag.variants.reduce((s, v) => s + v.weight, 0)
  if (total <= 0) return null
  let point = bucket(flag.id, entityId) * total
  for (const v of flag.variants) {
    if (point < v.weight) return v
    point -= v.weight
  }
  return null
}

export function createFlagService(repo: FlagRepo) {
  return {
    async evaluate(entityId: string, flagId: number): Promise<FlagEvaluation> {
      const flag = await repo.flag(flagId)
      if (!flag) throw notFound('errors:flagNotFound')
      const variant = choose(flag, entityId)
      return {
        flagID: flag.id,
        flagKey: flag.key,
        variantID: variant?.id ?? null,
        variantKey: variant?.key ?? null,
      }
    },
  }
}
