import type { Address, AddressInput } from '../../../contract/account-area'
import { notFound, unprocessable } from '../../http/errors'
import type { AddressRepo } from './repo'

/** More than a shopper ever needs, few enough that a script cannot fill the table through one account. */
export const MAX_ADDRESSES = 30

export function createAddressService(repo: AddressRepo) {
  return {
    list: (userId: string) => repo.list(userId),

    async create(userId: string, input: AddressInput): Promise<Address> {
      if ((await repo.count(userId)) >= MAX_ADDRESSES)
        throw unprocessable('errors:tooManyAddresses', { max: MAX_ADDRESSES })
      return repo.create(userId, input)
    },

    async update(userId: string, id: string, input: AddressInput): Promise<Address> {
      const updated = await repo.update(userId, id, input)
      if (!updated) throw notFound()
      return updated
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw notFound()
    },
  }
}

export type AddressService = ReturnType<typeof createAddressService>
