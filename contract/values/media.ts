/**
 * The image service of the spec (`/f3/api/v1/images/{width}/{height}/{id}.{jpg|webp}`). Width and height
 * are each one of the sizes the storefront asks for (spec 9: 48, 88, 100, 150, 272, 800, and 208 for
 * recommendations); every other size is refused so the disk cache stays bounded.
 */
export const IMAGE_SIZES = [48, 88, 100, 150, 208, 272, 800] as const
export type ImageSize = (typeof IMAGE_SIZES)[number]

export const IMAGE_FORMATS = ['jpg', 'webp'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { jpg: 'image/jpeg', webp: 'image/webp' }

/** The product drawings the image service knows; `images.kind` and `categories.icon` take these. */
export const PRODUCT_ILLUSTRATION_KINDS = [
  'smartphone',
  'laptop',
  'tv',
  'fridge',
  'washer',
  'headphones',
  'tablet',
  'vacuum',
  'cpu',
  'motherboard',
  'ram',
  'gpu',
  'storage',
  'psu',
  'case',
  'cooler',
  'watch',
  'camera',
  'console',
  'speaker',
  'microwave',
  'air-conditioner',
  'service',
  'gift-card',
] as const
export type ProductIllustrationKind = (typeof PRODUCT_ILLUSTRATION_KINDS)[number]

/** Every drawing: the products', plus wide banners, category tiles and a parcel for anything unknown. */
export const ILLUSTRATION_KINDS = [...PRODUCT_ILLUSTRATION_KINDS, 'banner', 'category', 'generic'] as const
export type IllustrationKind = (typeof ILLUSTRATION_KINDS)[number]

export const IMAGE_BASE = '/f3/api/v1/images'
export const VIDEO_BASE = '/f3/api/v1/videos'

/** The URL of an image at a size the service accepts, e.g. `imageUrl('p1-0', 272, 272, 'webp')`. */
export function imageUrl(id: string, width: ImageSize, height: ImageSize = width, ext: ImageFormat = 'webp') {
  return `${IMAGE_BASE}/${width}/${height}/${encodeURIComponent(id)}.${ext}`
}
