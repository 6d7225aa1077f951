import { createFileRoute } from '@tanstack/react-router'
import { AccountSectionPage } from '../../../../features/account/account-pages'

export const Route = createFileRoute('/{-$city}/my-account/reviews/$id')({
  component: () => <AccountSectionPage section="accountReview" parent="reviews" />,
})
