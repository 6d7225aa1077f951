import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../features/account/account-frame'
import { OverviewPage } from '../../../features/account/overview-page'

export const Route = createFileRoute('/{-$city}/my-account/')({
  component: () => (
    <AccountFrame section="account">
      <OverviewPage />
    </AccountFrame>
  ),
})
