import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { AccountFrame } from '../../../features/account/account-frame'
import { CardsPage } from '../../../features/account/cards-page'

/** The acquirer sends the shopper back with `card` (saved) or `reason` (not saved). */
const CardsSearch = z.object({
  card: z.uuid().optional().catch(undefined),
  reason: z
    .string()
    .regex(/^[a-z0-9_]{1,40}$/)
    .optional()
    .catch(undefined),
})

export const Route = createFileRoute('/{-$city}/my-account/cards')({
  validateSearch: CardsSearch,
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
