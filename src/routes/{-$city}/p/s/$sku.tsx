import { createFileRoute } from '@tanstack/react-router'
import { ServiceProductPageFrame } from '../../../../features/shell/catalog-pages'

/** A service product: `/p/s/{sku}` (also written `/s/{sku}`). */
export const Route = createFileRoute('/{-$city}/p/s/$sku')({
  component: ServiceProductPageFrame,
})
