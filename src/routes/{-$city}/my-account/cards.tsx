import { createFileRoute } from '@tanstack/react-router'
import { optionalKeys, stringParam, uuidParam } from '../../../url/search-params'
import { AccountFrame } from '../../../features/account/account-frame'
import { CardsPage } from '../../../features/account/cards-page'

/** The acquirer sends the shopper back with `card` (saved) or `reason` (not saved). */
const parseCardsSearch = (search: Record<string, unknown>) =>
  optionalKeys({
    card: uuidParam(search.card),
    reason: stringParam(search.reason, { max: 40, pattern: /^[a-z0-9_]{1,40}$/ }),
  })

export const Route = createFileRoute('/{-$city}/my-account/cards')({
  validateSearch: parseCardsSearch,
  component: CardsRoute,
})

function CardsRoute() {
  const { card, reason } = Route.useSearch()
  return (
    <AccountFrame section="accountCards">
      <CardsPage added={card} reason={reason} />
    </AccountFrame>
  )
}
