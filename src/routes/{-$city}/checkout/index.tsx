import { createFileRoute } from '@tanstack/react-router'
import { SectionPage } from '../../../page/section-page'

export const Route = createFileRoute('/{-$city}/checkout/')({
  component: () => <SectionPage section="checkout" />,
})
