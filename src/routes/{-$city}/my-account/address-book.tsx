import { createFileRoute } from '@tanstack/react-router'
import { AccountSectionPage } from '../../../features/shell/account-pages'

export const Route = createFileRoute('/{-$city}/my-account/address-book')({
  component: () => <AccountSectionPage section="accountAddresses" />,
})
