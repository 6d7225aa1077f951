import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../features/account/account-frame'
import { OverviewPage } from '../../../features/account/overview-page'

export const Route = createFileRoute('/{-$city}/my-account/overview')({
  component: () => (
    <AccountFrame section="accountOverview">
      <OverviewPage />
    </AccountFrame>
  ),
})
