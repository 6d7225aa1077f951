import { useLingui } from '@lingui/react/macro'
import { memo } from 'react'
import type { ProductListItem } from '../../contract/catalog'
import { Skeleton } from '../ui/skeleton'
import { ProductCard } from './product-card'
import styles from './listing.module.css'

/** Pictures of the first row load at once (the widest grid shows 4 a row); the rest when scrolled to. */
export const EAGER_IMAGES = 4

export interface ProductGridProps {
  products: readonly ProductListItem[]
  /** A heading to show above the grid; without one the grid has a hidden heading, "Products". */
  title?: string
  /** The shopper opens one of the products (search records which result was opened). */
  onOpen?: (product: ProductListItem) => void
}

/**
 * The products of a listing as cards, two a row on phones and as many as fit on wider screens. The same
 * products render the same cards: a change around the grid (the screen's width known, the sheet opened)
 * does not re-render two dozen cards.
 */
export const ProductGrid = memo(function ProductGrid({ products, title, onOpen }: ProductGridProps) {
  const { t } = useLingui()
  return (
    <section aria-labelledby="listing-products-heading">
      <h2 id="listing-products-heading" className={title ? styles.gridTitle : 'visually-hidden'}>
        {title ?? t`Товары`}
      </h2>
      <ul className={styles.grid}>
        {products.map((product, index) => (
          <li key={product.sku} className={styles.cell}>
            <ProductCard
              product={product}
              priority={index === 0 ? 'high' : index < EAGER_IMAGES ? 'eager' : 'lazy'}
              onOpen={onOpen ? () => onOpen(product) : undefined}
            />
          </li>
        ))}
      </ul>
    </section>
  )
})

/** The grid's shape while the products load: nothing jumps when they arrive. */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true" data-testid="listing-loading">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.cell}>
          <div className={styles.skeletonCard}>
            <Skeleton height="auto" className={styles.skeletonImage} />
            <Skeleton height={16} />
            <Skeleton height={16} width="70%" />
            <Skeleton height={22} width="50%" />
            <Skeleton height={36} />
          </div>
        </li>
      ))}
    </ul>
  )
}
