import { createFileRoute } from '@tanstack/react-router'
import { loadPromoPage } from '../../../features/content/load'
import { PromoPage } from '../../../features/content/promo-page'

export const Route = createFileRoute('/{-$city}/cms/promo')({
  loader: ({ context }) => loadPromoPage(context.queryClient, { cityId: context.cityId, lang: context.lang }),
  component: PromoPage,
})
