import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../features/account/account-frame'
import { CouponsPage } from '../../../features/account/coupons-page'

export const Route = createFileRoute('/{-$city}/my-account/mycoupons')({
  component: () => (
    <AccountFrame section="accountCoupons">
      <CouponsPage />
    </AccountFrame>
  ),
})
