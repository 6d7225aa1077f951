import { createFileRoute } from '@tanstack/react-router'
import { AccountSectionPage } from '../../../features/shell/account-pages'

export const Route = createFileRoute('/{-$city}/my-account/wishlist')({
  component: () => <AccountSectionPage section="accountWishlist" />,
})
