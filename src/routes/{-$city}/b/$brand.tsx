import { createFileRoute } from '@tanstack/react-router'
import { BrandPage } from '../../../features/shell/catalog-pages'

export const Route = createFileRoute('/{-$city}/b/$brand')({
  component: BrandRoute,
})

function BrandRoute() {
  const { brand } = Route.useParams()
  return <BrandPage brand={brand} />
}
