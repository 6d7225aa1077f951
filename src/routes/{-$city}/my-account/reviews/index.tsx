import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../../features/account/account-frame'
import { MyReviewsPage } from '../../../../features/reviews/my-reviews-page'

export const Route = createFileRoute('/{-$city}/my-account/reviews/')({
  loader: ({ context }) =>
    import('../../../../i18n/feature-messages').then((m) => m.loadFeatureMessages('reviews', context.lang)),
  component: () => (
    <AccountFrame section="accountReviews">
      <MyReviewsPage />
    </AccountFrame>
  ),
})
