import { createFileRoute } from '@tanstack/react-router'
import { PromoPage } from '../../../features/shell/info-pages'

export const Route = createFileRoute('/{-$city}/cms/promo')({
  component: PromoPage,
})
