import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../features/account/account-frame'
import { GuestPage } from '../../../features/account/guest-page'

export const Route = createFileRoute('/{-$city}/my-account/guest')({
  component: () => (
    <AccountFrame section="accountGuest">
      <GuestPage />
    </AccountFrame>
  ),
})
