import type { Filter, FiltersResponse, ProductListItem, ProductListResponse } from '../../contract/catalog'
import type { BreadcrumbsResponse, MenuItem, MenuResponse } from '../../contract/menu'

/** Test data in the shapes of contract/catalog.ts and contract/menu.ts. */
export function product(n: number, overrides: Partial<ProductListItem> = {}): ProductListItem {
  return {
    id: n,
    sku: String(100_000 + n),
    uri: `smartfon-${n}-${100_000 + n}`,
    url_handle: `smartfon-${n}`,
    title: `Смартфон ${n} 128 ГБ`,
    type: 'regular',
    brand: 'Apple',
    categories: ['Смартфоны и гаджеты', 'Смартфоны'],
    categories_ru: ['Смартфоны и гаджеты', 'Смартфоны'],
    images: [`p${n}-0`],
    price: 300_000 + n,
    old_price: null,
    discount: 0,
    price_usd: 600,
    credit_terms: null,
    kaspi_installment_info: null,
    stickers: [],
    short_description: [],
    rating: 4.5,
    review_count: 12,
    is_new: false,
    is_preorder: false,
    only_prepayment: false,
    has_promotions: false,
    promotion_types: [],
    availability: 'InStock',
    stock: 5,
    delivery_info: {
      delivery_min_date: null,
      delivery_time: null,
      pickup_date: null,
      has_express_delivery: false,
      has_fast_delivery: false,
    },
    variants: [],
    score: 1,
    ...overrides,
  }
}

export function listing(
  page: number,
  total: number,
  overrides: Partial<ProductListResponse> = {},
): ProductListResponse {
  const limit = 24
  const count = Math.max(0, Math.min(limit, total - (page - 1) * limit))
  return {
    limit,
    page,
    total,
    payload: Array.from({ length: count }, (_, i) => product((page - 1) * limit + i + 1)),
    layout: 'grid',
    meta_data: {
      meta_title: 'Смартфоны — купить по выгодной цене',
      meta_header: 'Смартфоны',
      meta_description: 'Смартфоны в интернет-магазине электроники',
      seo_text: 'В каталоге «Смартфоны» собраны модели ведущих брендов.',
    },
    robots: 'INDEX,FOLLOW',
    canonical: '/catalog/smartfony-i-gadzhety/smartfony',
    ...overrides,
  }
}

const option = (code: string, title: string, count: number, isActive = false, isEnabled = true) => ({
  code,
  title,
  count,
  isActive,
  isEnabled,
})

const noRange = { min: null, max: null, chosen_min: null, chosen_max: null }

export const PHONE_FILTERS: Filter[] = [
  { code: 'price', title: 'Цена', type: 'range', unit: '₸', options: [], ...noRange },
  {
    code: 'brand',
    title: 'Бренд',
    type: 'multiselect',
    unit: null,
    options: [
      option('apple', 'Apple', 40),
      option('samsung', 'Samsung', 35),
      option('xiaomi', 'Xiaomi', 25),
      option('nokia', 'Nokia', 0, false, false),
    ],
    ...noRange,
  },
  {
    code: 'diagonal',
    title: 'Диагональ экрана',
    type: 'range',
    unit: '″',
    options: [],
    min: 5.4,
    max: 6.9,
    chosen_min: 5.4,
    chosen_max: 6.9,
  },
  { code: 'nfc', title: 'NFC', type: 'checkbox', unit: null, options: [option('yes', 'Да', 70)], ...noRange },
  {
    code: 'os',
    title: 'Операционная система',
    type: 'link',
    unit: null,
    options: [option('android', 'Android', 60), option('ios', 'iOS', 40)],
    ...noRange,
  },
]

export function filters(total: number, overrides: Partial<FiltersResponse> = {}): FiltersResponse {
  return {
    category_id: 2,
    filters: PHONE_FILTERS,
    price_range: { min: 40_000, max: 900_000, chosen_min: 40_000, chosen_max: 900_000 },
    total,
    ...overrides,
  }
}

export const CRUMBS: BreadcrumbsResponse = {
  category_id: 2,
  breadcrumbs: [
    {
      id: 1,
      title: 'Смартфоны и гаджеты',
      slug: 'smartfony-i-gadzhety',
      path: 'smartfony-i-gadzhety',
      url: '/catalog/smartfony-i-gadzhety',
      level: 1,
    },
    {
      id: 2,
      title: 'Смартфоны',
      slug: 'smartfony',
      path: 'smartfony-i-gadzhety/smartfony',
      url: '/catalog/smartfony-i-gadzhety/smartfony',
      level: 2,
    },
  ],
}

function item(
  id: number,
  title: string,
  path: string,
  level: number,
  extra: Partial<MenuItem> = {},
): MenuItem {
  const slug = path.split('/').pop() ?? path
  return {
    id: String(id),
    kind: 'category',
    title,
    url: `/catalog/${path}`,
    item_class: 'side',
    filters: [],
    image_id: null,
    icon: null,
    category_id: id,
    path,
    slug,
    level,
    is_service: false,
    product_count: 10 * id,
    children: [],
    ...extra,
  }
}

export const MENU: MenuResponse = {
  name: 'katalog',
  city_id: 1,
  items: [
    item(1, 'Смартфоны и гаджеты', 'smartfony-i-gadzhety', 1, {
      children: [item(2, 'Смартфоны', 'smartfony-i-gadzhety/smartfony', 2)],
    }),
    item(30, 'Услуги', 'uslugi', 1, {
      item_class: 'bottom',
      is_service: true,
      children: [
        item(31, 'Установка и подключение', 'uslugi/ustanovka-i-podklyuchenie', 2, { is_service: true }),
      ],
    }),
  ],
}
