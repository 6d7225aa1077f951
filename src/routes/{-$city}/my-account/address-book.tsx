import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../features/account/account-frame'
import { AddressBookPage } from '../../../features/account/address-book-page'

export const Route = createFileRoute('/{-$city}/my-account/address-book')({
  component: () => (
    <AccountFrame section="accountAddresses">
      <AddressBookPage />
    </AccountFrame>
  ),
})
