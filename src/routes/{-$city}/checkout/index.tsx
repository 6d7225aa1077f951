import { createFileRoute } from '@tanstack/react-router'
import { SectionPage } from '../../../features/shell/section-page'

export const Route = createFileRoute('/{-$city}/checkout/')({
  component: () => <SectionPage section="checkout" />,
})
