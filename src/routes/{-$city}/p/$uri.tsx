import { createFileRoute } from '@tanstack/react-router'
import { ProductPageFrame } from '../../../features/shell/catalog-pages'

export const Route = createFileRoute('/{-$city}/p/$uri')({
  component: ProductPageFrame,
})
