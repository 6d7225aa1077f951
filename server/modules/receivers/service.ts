import type { Organization, Receiver, ReceiverInput } from '../../../contract/account-area'
import { badRequest, notFound, unprocessable } from '../../http/errors'
import { createProviderGuard, type ProviderLog } from '../../providers/guard'
import { isValidBin } from '../../providers/organisation-registry/bin'
import type { OrganisationRegistry } from '../../providers/organisation-registry/provider'
import type { ReceiverRepo } from './repo'

export const MAX_RECEIVERS = 30
/** Spec 9: the bin autofill may take up to 30 s. */
export const AUTOFILL_TIMEOUT_MS = 30_000

export interface ReceiverServiceDeps {
  repo: ReceiverRepo
  registry: OrganisationRegistry
  autofillTimeoutMs?: number
  /** Where a registry that timed out or failed is reported. */
  log?: ProviderLog
}

const invalidBin = () =>
  badRequest('errors:invalidBin', { issues: [{ path: 'body.bin', message: 'bin checksum does not match' }] })

export function createReceiverService({
  repo,
  registry,
  autofillTimeoutMs = AUTOFILL_TIMEOUT_MS,
  log,
}: ReceiverServiceDeps) {
  // The registry keeps the spec's own deadline (it may take 30 s), longer than other providers'.
  const guard = createProviderGuard({ timeoutMs: autofillTimeoutMs, log })
  /** An organisation receiver's BIN must at least be a possible BIN; the registry is not asked on save. */
  function checkOrganization(input: ReceiverInput) {
    if (input.isOrganization && input.organization && !isValidBin(input.organization.bin)) throw invalidBin()
  }

  return {
    list: (userId: string) => repo.list(userId),

    async create(userId: string, input: ReceiverInput): Promise<Receiver> {
      checkOrganization(input)
      if ((await repo.count(userId)) >= MAX_RECEIVERS)
        throw unprocessable('errors:tooManyReceivers', { max: MAX_RECEIVERS })
      return repo.create(userId, input)
    },

    async update(userId: string, id: string, input: ReceiverInput): Promise<Receiver> {
      checkOrganization(input)
      const updated = await repo.update(userId, id, input)
      if (!updated) throw notFound()
      return updated
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw notFound()
    },

    /**
     * Spec 7.7: the organisation of a BIN from the registry; 400 for an impossible BIN, 404 for an unknown
     * one. `beforeLookup` may refuse (the lookup limits) once the BIN is possible.
     */
    async autofill(bin: string, beforeLookup: () => Promise<void> = async () => {}): Promise<Organization> {
      if (!isValidBin(bin)) throw invalidBin()
      // a lookup is billed by the registry: a BIN that cannot exist spends nothing
      await beforeLookup()
      const found: Organization | null = await guard(
        { provider: 'registry', operation: 'lookup' },
        (signal) => registry.lookup(bin, signal),
      )
      if (!found) throw notFound('errors:organizationNotFound')
      return found
    },
  }
}

export type ReceiverService = ReturnType<typeof createReceiverService>
