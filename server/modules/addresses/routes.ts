import { ACCOUNT_V2, Address, AddressInput, AddressList, AddressUpdate } from '../../../contract/account-area'
import { registerOwnedCollection } from '../../http/owned-collection-routes'
import type { ModuleRegistration } from '../../http/types'
import { createAddressRepo } from './repo'
import { createAddressService, type AddressService } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in shopper's delivery addresses (the profile lists them too). */
    deliveryAddresses: AddressService
  }
}

/** Spec 7.7: GET, POST, PUT, DELETE /addresses and DELETE /addresses/{id}, always the caller's own. */
export const addressesModule: ModuleRegistration = (app, { database }) => {
  const addresses = createAddressService(createAddressRepo(database.db))
  app.decorate('deliveryAddresses', addresses)
  registerOwnedCollection(app, {
    path: `${ACCOUNT_V2}/addresses`,
    service: addresses,
    schemas: { list: AddressList, item: Address, input: AddressInput, update: AddressUpdate },
    names: { one: 'an address', many: 'delivery addresses' },
  })
}
