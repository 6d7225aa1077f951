/** The catalogue's code lists and limits (see contract/catalog.ts for the schemas built from them). */

export const SORTINGS = ['score', 'discount', 'new', 'price_asc', 'price_desc', 'rating'] as const
export type Sorting = (typeof SORTINGS)[number]

export const PRODUCT_TYPES = ['regular', 'service', 'certificate', 'digital', 'guaranty', 'mto'] as const
export type ProductType = (typeof PRODUCT_TYPES)[number]

export const AVAILABILITY = ['InStock', 'PreOrder', 'OutOfStock'] as const
export type Availability = (typeof AVAILABILITY)[number]

export const ROBOTS = ['INDEX,FOLLOW', 'NOINDEX, FOLLOW', 'NOINDEX,NOFOLLOW'] as const

export const LISTING_LIMIT_DEFAULT = 24
export const LISTING_LIMIT_MAX = 100

export const RECOMMENDATION_CODES = [
  'similar',
  'accessories',
  'together',
  'popular',
  'new',
  'discounted',
] as const
export type RecommendationCode = (typeof RECOMMENDATION_CODES)[number]
