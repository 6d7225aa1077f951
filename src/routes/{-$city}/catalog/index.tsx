import { createFileRoute } from '@tanstack/react-router'
import { CatalogIndexPage } from '../../../features/shell/catalog-pages'

export const Route = createFileRoute('/{-$city}/catalog/')({
  component: CatalogIndexPage,
})
