import type { ProductType, RecommendationItem } from '../../../contract/catalog'
import { imageUrl } from '../../../contract/values/media'

/** Spec 7.1: recommendation pictures are 208×208. */
export const RECOMMENDATION_IMAGE = 208

/** The 208 px picture of a recommended product: the answer's own image (a URL or an id), else its first image. */
export function recommendationImage(item: Pick<RecommendationItem, 'image' | 'images'>): string | null {
  const image = item.image?.trim()
  if (image) return image.startsWith('/') ? image : imageUrl(image, RECOMMENDATION_IMAGE)
  const first = item.images[0]
  return first ? imageUrl(first, RECOMMENDATION_IMAGE) : null
}

/** What the services tab offers: services and warranty extensions. */
const SERVICE_TYPES: ReadonlySet<ProductType> = new Set(['service', 'guaranty'])

export function isServiceOffer(item: { type: ProductType }): boolean {
  return SERVICE_TYPES.has(item.type)
}
