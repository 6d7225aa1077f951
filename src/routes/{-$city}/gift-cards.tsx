import { createFileRoute } from '@tanstack/react-router'
import { GiftCardsPage } from '../../features/content/gift-cards-page'
import { loadGiftCards } from '../../features/content/load'

export const Route = createFileRoute('/{-$city}/gift-cards')({
  loader: ({ context }) => loadGiftCards(context.queryClient, { cityId: context.cityId, lang: context.lang }),
  component: GiftCardsPage,
})
