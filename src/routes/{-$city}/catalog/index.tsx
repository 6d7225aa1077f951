import { createFileRoute } from '@tanstack/react-router'
import { CatalogTreePage } from '../../../features/catalog/catalog-tree'
import { loadCatalogTree } from '../../../features/catalog/load'

/** `/catalog`: the category tree of the katalog menu. */
export const Route = createFileRoute('/{-$city}/catalog/')({
  loader: ({ context, preload }) => loadCatalogTree({ ...context, preload }),
  component: CatalogTreePage,
})
