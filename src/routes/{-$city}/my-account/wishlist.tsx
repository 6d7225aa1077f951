import { createFileRoute } from '@tanstack/react-router'
import { WISHLIST_SORTS } from '../../../../contract/values/wishlist'
import { oneOfParam, optionalKeys } from '../../../url/search-params'
import { AccountFrame } from '../../../features/account/account-frame'
import { WishlistPage } from '../../../features/wishlist/wishlist-page'

/** The order lives in the URL, so a sorted list can be reloaded; without one it is added-descending. */
const parseWishlistSearch = (search: Record<string, unknown>) =>
  optionalKeys({ sorting: oneOfParam(search.sorting, WISHLIST_SORTS) })

export const Route = createFileRoute('/{-$city}/my-account/wishlist')({
  validateSearch: parseWishlistSearch,
  // Its texts are a catalogue of their own, loaded with the page.
  loader: ({ context }) =>
    import('../../../i18n/feature-messages').then((m) => m.loadFeatureMessages('wishlist', context.lang)),
  component: WishlistRoute,
})

function WishlistRoute() {
  const { sorting } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <AccountFrame section="accountWishlist">
      <WishlistPage
        sorting={sorting ?? 'added_desc'}
        onSorting={(next) =>
          navigate({ search: next === 'added_desc' ? {} : { sorting: next }, replace: true })
        }
      />
    </AccountFrame>
  )
}
