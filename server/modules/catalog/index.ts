/**
 * The catalogue module's public face. The catalogue owns the store's read model: the in-memory index of
 * categories (one tree, with ancestors and names in both languages), products with their city prices and
 * stock, and facets, rebuilt by one rule (`index-holder.ts`). Search reads that index and renders its
 * cards the catalogue's way; the cart, pricing and promotions read its category tree; the cart's and
 * the delivery's product caches (`createProductCache`) follow its versions and change logs. Other
 * modules import this file, never the files beside it (ESLint says so).
 */
export { newBits, setBit } from './bitset'
export {
  cityIndex,
  type CatalogIndex,
  type CategoryNode,
  type CityIndex,
  type PriceState,
  type Selection,
} from './catalog-index'
export type { CategoryChain, CategoryTree } from './category-tree'
export { deliveryClock } from './delivery'
export { facetFilters } from './facet-filters'
export { createProductCache, type ProductCache, type ProductCacheOptions } from './product-cache'
export { invalid, parsePairs, resolveFilters } from './query'
export { imageIds, Renderer } from './render'
export { readCatalogVersions, type Versions } from './repo'
export { catalogModule } from './routes'
export type { CatalogService } from './service'
