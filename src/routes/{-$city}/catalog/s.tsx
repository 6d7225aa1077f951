import { createFileRoute } from '@tanstack/react-router'
import { ServicesPage } from '../../../features/shell/catalog-pages'

export const Route = createFileRoute('/{-$city}/catalog/s')({
  component: ServicesPage,
})
