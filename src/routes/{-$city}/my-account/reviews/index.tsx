import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../../features/account/account-frame'
import { MyReviewsPage } from '../../../../features/reviews/my-reviews-page'

export const Route = createFileRoute('/{-$city}/my-account/reviews/')({
  loader: ({ context }) =>
    import('../../../../features/reviews/messages-loader').then((m) => m.loadReviewsMessages(context.lang)),
  component: () => (
    <AccountFrame section="accountReviews">
      <MyReviewsPage />
    </AccountFrame>
  ),
})
