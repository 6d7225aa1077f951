import { createFileRoute } from '@tanstack/react-router'
import { SectionPage } from '../../features/shell/section-page'

export const Route = createFileRoute('/{-$city}/cart')({
  component: () => <SectionPage section="cart" />,
})
