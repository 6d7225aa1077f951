import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../../features/account/account-frame'
import { ComingWithFeature } from '../../../../features/account/placeholder-page'

export const Route = createFileRoute('/{-$city}/my-account/reviews/')({
  component: () => (
    <AccountFrame section="accountReviews">
      <ComingWithFeature feature="reviews" />
    </AccountFrame>
  ),
})
