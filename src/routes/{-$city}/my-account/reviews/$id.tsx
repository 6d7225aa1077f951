import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../../features/account/account-frame'
import { MyReviewPage } from '../../../../features/reviews/my-reviews-page'

export const Route = createFileRoute('/{-$city}/my-account/reviews/$id')({
  loader: ({ context }) =>
    import('../../../../i18n/feature-messages').then((m) => m.loadFeatureMessages('reviews', context.lang)),
  component: function ReviewRoute() {
    const { id } = Route.useParams()
    return (
      <AccountFrame section="accountReview">
        <MyReviewPage id={Number(id)} />
      </AccountFrame>
    )
  },
})
