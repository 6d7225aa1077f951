import type { Product } from '../../../contract/catalog'
import type { DeliveryResult, ReceiveOption, StockEntry } from '../../../contract/inventory'
import type { WeeklyWorkHours } from '../../../contract/menu'

/** Test data shaped like the contract's answers. */

export const WEEKLY: WeeklyWorkHours = {
  monday: '10:00-22:00',
  tuesday: '10:00-22:00',
  wednesday: '10:00-22:00',
  thursday: '10:00-22:00',
  friday: '10:00-22:00',
  saturday: '10:00-22:00',
  sunday: '10:00-21:00',
}

export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 17,
    sku: '100017',
    uri: 'smartfon-samsung-galaxy-s24-256gb-chernyy-100017',
    url_handle: 'smartfon-samsung-galaxy-s24-256gb-chernyy-100017',
    title: 'Смартфон Samsung Galaxy S24 256GB черный',
    type: 'regular',
    brand: 'Samsung',
    categories: ['Смартфоны и гаджеты', 'Смартфоны'],
    categories_ru: ['Смартфоны и гаджеты', 'Смартфоны'],
    images: ['p17-0', 'p17-1', 'p17-2'],
    price: 449_990,
    old_price: 499_990,
    discount: 10,
    price_usd: 899.98,
    credit_terms: { amount: 18_750, month_num: 24, credit_type_label: 'Рассрочка 0-0-24' },
    kaspi_installment_info: { month_num: 12, amount: 37_500 },
    stickers: [],
    short_description: [
      {
        title: 'Экран',
        description: '',
        code: 'screen',
        values: [{ value_ru: '6.2"', value: '6.2"', code: '6-2' }],
      },
    ],
    rating: 4.6,
    review_count: 31,
    is_new: false,
    is_preorder: false,
    only_prepayment: false,
    has_promotions: false,
    promotion_types: [],
    availability: 'InStock',
    stock: 7,
    delivery_info: {
      delivery_min_date: null,
      delivery_time: null,
      pickup_date: null,
      has_express_delivery: true,
      has_fast_delivery: true,
    },
    variants: [],
    score: 10,
    description: 'Смартфон Samsung Galaxy S24.\n\nОфициальная гарантия производителя — 12 мес.',
    spec_groups: [
      {
        code: 'screen',
        title: 'Экран',
        items: [{ code: 'diagonal', title: 'Диагональ', value: '6.2"' }],
      },
    ],
    category_id: 5,
    category_path: 'smartfony-i-gadzhety/smartfony',
    breadcrumbs: [
      { title: 'Смартфоны и гаджеты', path: '/catalog/smartfony-i-gadzhety' },
      { title: 'Смартфоны', path: '/catalog/smartfony-i-gadzhety/smartfony' },
    ],
    brand_slug: 'samsung',
    reference_product_sku: null,
    meta_data: {
      meta_title: 'Купить Смартфон Samsung Galaxy S24 в Алматы',
      meta_header: 'Смартфон Samsung Galaxy S24 256GB черный',
      meta_description: 'Смартфон Samsung Galaxy S24 по цене 449 990 ₸',
      seo_text: '',
    },
    canonical: '/p/smartfon-samsung-galaxy-s24-256gb-chernyy-100017',
    ...overrides,
  }
}

export function aStockEntry(overrides: Partial<StockEntry> = {}): StockEntry {
  return {
    condition: 'N',
    product_type: 'regular',
    service_point_id: 1,
    service_point_type: 'shop',
    title: 'Магазин на Абая',
    address: 'г. Алматы, пр. Абая, 109В',
    is_last_point: false,
    has_showcase: false,
    work_hours: '10:00-22:00',
    weekly_work_hours: WEEKLY,
    geo_position: { latitude: 43.24, longitude: 76.9 },
    stock: 3,
    pickup_time: 1,
    pickup_date: '2026-05-04',
    ...overrides,
  }
}

export function anOption(overrides: Partial<ReceiveOption> = {}): ReceiveOption {
  return {
    type: 'COURIER',
    deliveryType: 'courier',
    shipping_type: 'COURIER_DELIVERY',
    deliveryCost: 1990,
    base_cost: 1990,
    free_from: 50_000,
    deliveryTime: { minDays: 1, maxDays: 2 },
    deliveryHours: null,
    min_date: '2026-05-05',
    max_date: '2026-05-06',
    order_before: null,
    ...overrides,
  }
}

export function aDeliveryResult(overrides: Partial<DeliveryResult> = {}): DeliveryResult {
  return {
    city_id: 1,
    deliveries: [
      anOption({
        type: 'EXPRESS',
        deliveryType: 'express',
        shipping_type: 'EXPRESS_DELIVERY',
        deliveryCost: 2990,
        free_from: null,
        deliveryTime: { minDays: 0, maxDays: 0 },
        deliveryHours: { minHours: 2, maxHours: 4 },
        min_date: '2026-05-04',
        max_date: '2026-05-04',
        order_before: '2026-05-04T16:00:00+05:00',
      }),
    ],
    delivery: anOption(),
    pickup: anOption({
      type: 'PICKUP',
      deliveryType: 'pickup',
      shipping_type: 'PICKUP',
      deliveryCost: 0,
      min_date: '2026-05-06',
      max_date: '2026-05-06',
    }),
    store: anOption({
      type: 'PICKUP',
      deliveryType: 'store',
      shipping_type: 'STORE',
      deliveryCost: 0,
      min_date: '2026-05-04',
      max_date: '2026-05-04',
    }),
    delivery_min_date: '2026-05-05',
    delivery_max_date: '2026-05-06',
    slots: [],
    pickup_date: '2026-05-04',
    pickup_points: [
      {
        service_point_id: 7,
        type: 'pickup_point',
        title: 'Пункт выдачи на Тимирязева',
        address: 'г. Алматы, ул. Тимирязева, 42',
        geo_position: { latitude: 43.22, longitude: 76.92 },
        work_hours: '09:00-21:00',
        weekly_work_hours: WEEKLY,
        pickup_date: '2026-05-06',
        pickup_time: 48,
        is_transfer: true,
        showcase_only: false,
        deliveryCost: 0,
      },
    ],
    stores: [],
    products: [{ sku: '100017', quantity: 1, status: 'city', available_quantity: 7, group_id: 'g1' }],
    grand_total_sum: 449_990,
    is_exact_cost: false,
    ...overrides,
  }
}
