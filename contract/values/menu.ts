/** The menu and content service's base path and code lists (see contract/menu.ts for the schemas). */

export const MENU_BASE = '/menu/api/v1'

export const MENU_NAMES = ['katalog', 'footer', 'top'] as const
export const ITEM_CLASSES = ['side', 'bottom', 'other'] as const
export const MENU_ITEM_KINDS = ['category', 'preset', 'link', 'group'] as const

/** Home banners, promo page blocks and the content pages (about, delivery, payment, warranty, contacts). */
export const CMS_SLUGS = [
  'home-banners',
  'promo',
  'about',
  'delivery',
  'payment',
  'warranty',
  'contacts',
] as const

export const CMS_BLOCK_TYPES = ['banner', 'heading', 'text', 'tile'] as const

export const SERVICE_POINT_TYPES = ['shop', 'pickup_point'] as const

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const

export const FAST_LINK_PLATFORMS = ['all', 'desktop', 'm_web'] as const
