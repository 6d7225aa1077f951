import { createFileRoute } from '@tanstack/react-router'
import { AccountSectionPage } from '../../../features/shell/account-pages'

export const Route = createFileRoute('/{-$city}/my-account/overview')({
  component: () => <AccountSectionPage section="accountOverview" />,
})
