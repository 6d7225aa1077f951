import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../../features/account/account-frame'
import { MyReviewsPage } from '../../../../features/reviews/my-reviews-page'

export const Route = createFileRoute('/{-$city}/my-account/reviews/')({
  component: () => (
    <AccountFrame section="accountReviews">
      <MyReviewsPage />
    </AccountFrame>
  ),
})
