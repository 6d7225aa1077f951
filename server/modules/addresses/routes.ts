import { ACCOUNT_V2, Address, AddressInput, AddressList, AddressUpdate } from '../../../contract/account-area'
import { registerOwnedCollection } from '../../http/owned-collection-routes'
import type { ModuleRegistration } from '../../http/types'
import { createAddressRepo } from './repo'
import { createAddressService } from './service'

/** Spec 7.7: GET, POST, PUT, DELETE /addresses and DELETE /addresses/{id}, always the caller's own. */
export const addressesModule: ModuleRegistration = (app, { database }) => {
  registerOwnedCollection(app, {
    path: `${ACCOUNT_V2}/addresses`,
    service: createAddressService(createAddressRepo(database.db)),
    schemas: { list: AddressList, item: Address, input: AddressInput, update: AddressUpdate },
    names: { one: 'an address', many: 'delivery addresses' },
  })
}
