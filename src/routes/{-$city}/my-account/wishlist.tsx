import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../features/account/account-frame'
import { ComingWithFeature } from '../../../features/account/placeholder-page'

export const Route = createFileRoute('/{-$city}/my-account/wishlist')({
  component: () => (
    <AccountFrame section="accountWishlist">
      <ComingWithFeature feature="wishlist" />
    </AccountFrame>
  ),
})
