import { createFileRoute } from '@tanstack/react-router'
import { SectionPage } from '../../page/section-page'

export const Route = createFileRoute('/{-$city}/compare')({
  component: () => <SectionPage section="compare" />,
})
