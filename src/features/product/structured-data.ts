import type { Availability, Product } from '../../../contract/catalog'
import { imageUrl } from '../../../contract/values/media'

/**
 * schema.org Product and BreadcrumbList for a product page, as JSON-LD. The element that carries it is a
 * data block (`type="application/ld+json"`), never executed, so the page's CSP allows it.
 */

const SCHEMA = 'https://schema.org'

const AVAILABILITY_URL: Record<Availability, string> = {
  InStock: `${SCHEMA}/InStock`,
  PreOrder: `${SCHEMA}/PreOrder`,
  OutOfStock: `${SCHEMA}/OutOfStock`,
}

/** Long enough for any snippet a search engine shows; the page itself keeps the whole text. */
const DESCRIPTION_MAX = 5000

export interface PageAddress {
  /** `https://shop.example.kz` */
  origin: string
  /** Builds the address of a page in the page's city and language: `/catalog/x` → `/astana_kk/catalog/x`. */
  href: (path: string) => string
  /** The product page's own path, with its prefix (`/astana_kk/p/...`). */
  path: string
}

export type JsonLd = Record<string, unknown>

type StructuredProduct = Pick<
  Product,
  | 'title'
  | 'sku'
  | 'images'
  | 'description'
  | 'brand'
  | 'rating'
  | 'review_count'
  | 'price'
  | 'availability'
  | 'breadcrumbs'
  | 'categories'
>

export function productJsonLd(product: StructuredProduct, page: PageAddress): JsonLd {
  const url = page.origin + page.path
  const data: JsonLd = {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.title,
    sku: product.sku,
    url,
    image: product.images.map((id) => page.origin + imageUrl(id, 800, 800, 'jpg')),
    description: product.description.slice(0, DESCRIPTION_MAX),
    offers: {
      '@type': 'Offer',
      url,
      price: product.price,
      priceCurrency: 'KZT',
      availability: AVAILABILITY_URL[product.availability],
      itemCondition: `${SCHEMA}/NewCondition`,
    },
  }
  if (product.brand) data.brand = { '@type': 'Brand', name: product.brand }
  const category = product.categories[product.categories.length - 1]
  if (category) data.category = category
  // A rating with no reviews behind it is not a rating: search engines reject it.
  if (product.review_count > 0 && product.rating > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: product.rating,
      reviewCount: product.review_count,
      bestRating: 5,
      worstRating: 1,
    }
  }
  return data
}

export interface Crumb {
  title: string
  /** A page path without the city prefix. */
  path: string
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[], current: string, page: PageAddress): JsonLd {
  const items = [
    ...crumbs.map((crumb) => ({ name: crumb.title, item: page.origin + page.href(crumb.path) })),
    { name: current, item: page.origin + page.path },
  ]
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, ...item })),
  }
}

/**
 * JSON for the inside of a `<script>` element: `<`, `>` and `&` are escaped so no text from the catalogue
 * can close the element or open a comment, and the two line separators JavaScript once rejected too.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
