import type {
  FilterOption,
  FilterType,
  IllustrationKind,
  ProductAttributes,
  ProductType,
  ShortDescriptionItem,
  SpecGroup,
  Sticker,
} from '../db/schema/catalog'
import { MAX_ORDER_SUM } from '../../contract/values/checkout'
import type { StockCondition } from '../db/schema/inventory'
import {
  ATTRIBUTES,
  attributeTitle,
  optionTitle,
  shortDescription,
  specGroups,
  unitLabel,
} from './attributes'
import { brandOf, SEED_BRANDS } from './brands'
import { categoryOf, PRODUCT_LEAVES, SEED_CATEGORIES, type SeedCategory } from './categories'
import { seedServicePoints, SEED_CITIES, type SeedServicePoint } from './cities'
import { SPECIAL_PRODUCTS, type SpecialProduct } from './products/specials'
import type { Draft } from './products/types'
import { stream, type Random } from './random'
import { shelfPrice, slugify } from './text'
import type { PriceRow } from '../modules/catalog/repo'

/** The catalogue every environment gets unless told otherwise; change it and every product changes. */
export const DEFAULT_SEED = 20_251_101
/** "Now" for creation dates and novelty, fixed so the catalogue does not change with the calendar. */
export const SEED_REFERENCE_TIME = Date.parse('2026-11-01T00:00:00+05:00')
export const MIN_SEED_PRODUCTS = 100
/** Opening rounds over all leaves before products are spread by weight, so every leaf has a few. */
const SWEEP_ROUNDS = 3
const USD_RATE = 505
const DAY = 86_400_000

export interface ProductRow {
  id: number
  sku: string
  uri: string
  type: ProductType
  category_id: number
  brand_id: number | null
  title_ru: string
  title_kk: string
  model: string
  variant_group: string
  short_description: ShortDescriptionItem[]
  description_ru: string
  description_kk: string
  attributes: ProductAttributes
  spec_groups: SpecGroup[]
  stickers: Sticker[]
  rating: number
  review_count: number
  popularity: number
  is_new: boolean
  is_preorder: boolean
  only_prepayment: boolean
  weight_grams: number | null
  service_category_id: number | null
  reference_product_id: number | null
  created_at: string
}

export interface StockRow {
  product_id: number
  city_id: number
  service_point_id: number
  condition: StockCondition
  quantity: number
  pickup_time: number
}

export interface ImageRow {
  id: string
  product_id: number | null
  position: number
  kind: IllustrationKind
  color: string
  label: string
  variant: number
}

export interface GeneratedProduct {
  product: ProductRow
  prices: PriceRow[]
  stocks: StockRow[]
  images: ImageRow[]
}

export interface CatalogPlan {
  products: number
  seed: number
}

export function planCatalog(products: number, seed = DEFAULT_SEED): CatalogPlan {
  if (!Number.isInteger(products) || products < MIN_SEED_PRODUCTS) {
    throw new Error(`the catalogue needs at least ${MIN_SEED_PRODUCTS} products (got ${products})`)
  }
  return { products, seed }
}

export function regularCount(plan: CatalogPlan): number {
  return plan.products - SPECIAL_PRODUCTS.length
}

/** Numeric, unique for ids below nine million, and not in id order, like an ERP's. */
export function skuOf(id: number): string {
  return String(1_000_000 + ((id * 5_385_731 + 7919) % 9_000_000))
}

// ---------------------------------------------------------------- static rows

export function cityRows() {
  return SEED_CITIES.map((c) => ({
    id: c.id,
    country_id: 1,
    city_1c_guid: c.guid,
    city_magento_id: c.magentoId,
    name_en: c.nameEn,
    name_kz: c.nameKk,
    name_ru: c.nameRu,
    latitude: c.latitude,
    longitude: c.longitude,
    slug: c.slug,
    last_update: new Date(SEED_REFERENCE_TIME).toISOString(),
    city_code: c.cityCode,
    map_available: true,
    post_code: c.postCode,
  }))
}

export function brandRows() {
  return SEED_BRANDS.map((b, i) => ({ id: i + 1, slug: b.slug, name: b.name, color: b.color }))
}

export function categoryRows() {
  return SEED_CATEGORIES.map((c) => ({
    id: c.id,
    parent_id: c.parentId,
    slug: c.slug,
    path: c.path,
    name_ru: c.nameRu,
    name_kk: c.nameKk,
    level: c.level,
    sort: c.sort,
    icon: c.icon,
    image_id: `category-${c.slug}`,
    is_service: c.isService,
    item_class: c.itemClass,
    robots: c.isService ? 'NOINDEX, FOLLOW' : 'INDEX,FOLLOW',
    meta: c.meta,
  }))
}

const TILE_COLOURS = ['#2563eb', '#f97316', '#16a34a', '#9333ea', '#dc2626', '#0891b2', '#ca8a04']

const BANNERS: [ru: string, kk: string, colour: string][] = [
  ['Скидки до 30% на смартфоны', 'Смартфондарға 30%-ға дейін жеңілдік', '#1428a0'],
  ['Рассрочка 0-0-24 на всю технику', 'Барлық техникаға 0-0-24 бөліп төлеу', '#ff6900'],
  ['Собери свой игровой ПК', 'Өз ойын компьютеріңді жина', '#d11f26'],
  ['Бытовая техника для дома', 'Үйге арналған тұрмыстық техника', '#0e4c92'],
  ['Подарочные сертификаты', 'Сыйлық сертификаттары', '#7b2cbf'],
  ['Новинки недели', 'Апта жаңалықтары', '#16a34a'],
]

/** Home banners (ru and kk) and one tile per category; product pictures come with the products. */
export function contentImageRows(): ImageRow[] {
  const banners = BANNERS.flatMap(([ru, kk, color], i) => [
    {
      id: `banner-${i + 1}`,
      product_id: null,
      position: i,
      kind: 'banner' as const,
      color,
      label: ru,
      variant: i % 4,
    },
    {
      id: `banner-${i + 1}-kk`,
      product_id: null,
      position: i,
      kind: 'banner' as const,
      color,
      label: kk,
      variant: i % 4,
    },
  ])
  const tiles = SEED_CATEGORIES.map((c, i) => ({
    id: `category-${c.slug}`,
    product_id: null,
    position: c.sort,
    kind: 'category' as const,
    color: TILE_COLOURS[i % TILE_COLOURS.length] as string,
    label: c.nameRu,
    variant: i % 4,
  }))
  return [...banners, ...tiles]
}

// ---------------------------------------------------------------- products

interface StockPoints {
  /** Active shops and pickup points of each city. */
  byCity: Map<number, { shops: SeedServicePoint[]; all: SeedServicePoint[] }>
}

function stockPoints(seed: number): StockPoints {
  const byCity = new Map<number, { shops: SeedServicePoint[]; all: SeedServicePoint[] }>()
  const points = seedServicePoints(seed)
  for (const city of SEED_CITIES) {
    const active = points.filter((p) => p.city_id === city.id && p.is_active)
    byCity.set(city.id, { shops: active.filter((p) => p.type === 'shop'), all: active })
  }
  return { byCity }
}

const STICKERS: Record<Sticker['code'], Omit<Sticker, 'code'>> = {
  hit: { text_ru: 'Хит продаж', text_kk: 'Сатылым хиті', text_color: '#ffffff', background_color: '#e11d48' },
  new: { text_ru: 'Новинка', text_kk: 'Жаңалық', text_color: '#ffffff', background_color: '#16a34a' },
  sale: { text_ru: 'Скидка', text_kk: 'Жеңілдік', text_color: '#ffffff', background_color: '#f97316' },
  installment: {
    text_ru: 'Рассрочка 0-0-12',
    text_kk: 'Бөліп төлеу 0-0-12',
    text_color: '#111827',
    background_color: '#facc15',
  },
  preorder: {
    text_ru: 'Предзаказ',
    text_kk: 'Алдын ала тапсырыс',
    text_color: '#ffffff',
    background_color: '#7c3aed',
  },
}
const sticker = (code: Sticker['code']): Sticker => ({ code, ...STICKERS[code] })

/** The generator's state that does not depend on the product: built once per catalogue. */
export class CatalogGenerator {
  readonly regular: number
  private readonly points: StockPoints
  private readonly leafWeights: number[]

  constructor(readonly plan: CatalogPlan) {
    this.regular = regularCount(plan)
    this.points = stockPoints(plan.seed)
    this.leafWeights = PRODUCT_LEAVES.map((l) => l.leaf.weight)
  }

  /** Product `id` (1-based) depends only on the seed and the id, not on the catalogue size. */
  product(id: number): GeneratedProduct {
    const r = stream(this.plan.seed, 'product', id)
    if (id <= this.regular) return this.regularProduct(id, r)
    const special = SPECIAL_PRODUCTS[id - this.regular - 1]
    if (!special) throw new Error(`product ${id} is beyond the catalogue of ${this.plan.products}`)
    return this.specialProduct(id, special, r)
  }

  private regularProduct(id: number, r: Random): GeneratedProduct {
    const index = id - 1
    const sweep = PRODUCT_LEAVES.length * SWEEP_ROUNDS
    const category =
      index < sweep
        ? PRODUCT_LEAVES[index % PRODUCT_LEAVES.length]
        : r.weighted(PRODUCT_LEAVES, this.leafWeights)
    if (!category) throw new Error('no leaf categories')
    const slot = index < sweep ? Math.floor(index / PRODUCT_LEAVES.length) : -1
    const leaf = category.leaf
    const draft: Draft = leaf.make(r, slot)
    const brand = brandOf(draft.brand)
    const [wordRu, wordKk] = draft.word ?? leaf.word
    const titleRu = `${wordRu} ${draft.tail}`
    const titleKk = `${wordKk} ${draft.tail}`
    const sku = skuOf(id)
    const attributes: ProductAttributes = { brand: draft.brand, ...draft.attributes }

    const preorder = slot < 0 && r.chance(leaf.preorderShare ?? 0)
    const mto = !preorder && slot < 0 && r.chance(leaf.mtoShare ?? 0)
    const ageDays = preorder ? r.int(0, 14) : r.int(0, 720)
    const isNew = ageDays <= 45
    const price = shelfPrice(draft.price)
    const discountPercent = !preorder && r.chance(0.3) ? r.pick([5, 7, 10, 12, 15, 20, 25, 30]) : 0
    const popularity = Math.round(100_000 * Math.pow(r.next(), 2.5) * (isNew ? 1.3 : 1))
    const reviewCount = preorder || r.chance(0.22) ? 0 : Math.floor(Math.pow(r.next(), 3) * 1200) + 1
    const prices = this.prices(id, price, discountPercent, 'regular', r)
    const almaty = prices[0] as PriceRow

    const stickers: Sticker[] = []
    if (preorder) stickers.push(sticker('preorder'))
    if (isNew) stickers.push(sticker('new'))
    if (popularity >= 80_000) stickers.push(sticker('hit'))
    if (almaty.discount > 0) stickers.push(sticker('sale'))
    if (almaty.credit_month_num === 12 && r.chance(0.2)) stickers.push(sticker('installment'))

    const shortDesc = shortDescription(leaf.highlights, attributes)
    const warranty =
      leaf.kind === 'fridge' || leaf.kind === 'washer' || leaf.kind === 'air-conditioner' ? 24 : 12
    const product: ProductRow = {
      id,
      sku,
      uri: `${slugify(titleRu)}-${sku}`,
      type: mto ? 'mto' : 'regular',
      category_id: category.id,
      brand_id: brand.id,
      title_ru: titleRu,
      title_kk: titleKk,
      model: draft.model,
      variant_group: slugify(`${brand.slug} ${draft.model}`),
      short_description: shortDesc,
      description_ru: describeRu(titleRu, shortDesc, warranty, mto),
      description_kk: describeKk(titleKk, shortDesc, warranty, mto),
      attributes,
      spec_groups: specGroups(draft.model, attributes),
      stickers,
      rating: reviewCount > 0 ? Math.round((3 + 2 * Math.pow(r.next(), 0.6)) * 10) / 10 : 0,
      review_count: reviewCount,
      popularity,
      is_new: isNew,
      is_preorder: preorder,
      only_prepayment: preorder || mto,
      weight_grams: draft.weightGrams,
      service_category_id: null,
      reference_product_id: null,
      created_at: new Date(
        SEED_REFERENCE_TIME - ageDays * DAY - r.int(0, DAY / 1000 - 1) * 1000,
      ).toISOString(),
    }
    const stocks = preorder || mto ? [] : this.stocks(id, r)
    return { product, prices, stocks, images: productImages(id, leaf.kind, brand.color, brand.name, r) }
  }

  private specialProduct(id: number, special: SpecialProduct, r: Random): GeneratedProduct {
    const category = categoryOf(special.categorySlug)
    const target = special.serviceFor ? categoryOf(special.serviceFor) : null
    const brand = special.brand ? brandOf(special.brand) : null
    const sku = skuOf(id)
    const attributes: ProductAttributes = brand
      ? { brand: brand.slug, ...special.attributes }
      : { ...special.attributes }
    const highlights = Object.keys(special.attributes).filter((code) => code in ATTRIBUTES)
    const shortDesc = shortDescription(highlights, attributes)
    const reviewCount = special.type === 'certificate' || r.chance(0.4) ? 0 : r.int(1, 150)
    const prices = this.prices(id, special.price, 0, special.type, r)
    const titleRu = special.type === 'service' ? `Услуга: ${special.titleRu}` : special.titleRu
    const titleKk = special.type === 'service' ? `Қызмет: ${special.titleKk}` : special.titleKk
    const [descriptionRu, descriptionKk] = SPECIAL_DESCRIPTIONS[special.type](special)
    const product: ProductRow = {
      id,
      sku,
      uri: `${slugify(special.titleRu)}-${sku}`,
      type: special.type,
      category_id: category.id,
      brand_id: brand?.id ?? null,
      title_ru: titleRu,
      title_kk: titleKk,
      model: special.model,
      variant_group: slugify(`${special.type} ${special.model}`),
      short_description: shortDesc,
      description_ru: descriptionRu,
      description_kk: descriptionKk,
      attributes,
      spec_groups: specGroups(special.model, attributes),
      stickers: [],
      rating: reviewCount > 0 ? Math.round((4 + r.next()) * 10) / 10 : 0,
      review_count: reviewCount,
      popularity: r.int(1000, 40_000),
      is_new: false,
      is_preorder: false,
      only_prepayment: special.type === 'certificate' || special.type === 'digital',
      weight_grams: null,
      service_category_id: target?.id ?? null,
      reference_product_id: target ? this.firstProductOf(target) : null,
      created_at: new Date(SEED_REFERENCE_TIME - r.int(60, 720) * DAY).toISOString(),
    }
    const label = brand?.name ?? category.nameRu
    return {
      product,
      prices,
      stocks: [],
      images: productImages(id, special.kind, brand?.color ?? '#4b5563', label, r),
    }
  }

  /** The first product of a leaf is the one the opening sweep gave it: id = the leaf's position + 1. */
  private firstProductOf(category: SeedCategory): number | null {
    const index = PRODUCT_LEAVES.findIndex((l) => l.id === category.id)
    return index >= 0 && index < this.regular ? index + 1 : null
  }

  private prices(
    id: number,
    price: number,
    discountPercent: number,
    type: ProductType,
    r: Random,
  ): PriceRow[] {
    const fixed = type !== 'regular'
    const factors = [1, 1 + r.float(0, 0.02), 1 + r.float(-0.01, 0.01), 1 + r.float(0.01, 0.04)]
    return SEED_CITIES.map((city, i) => {
      const cityPrice = fixed || i === 0 ? price : shelfPrice(price * (factors[i] ?? 1))
      const oldPrice = discountPercent > 0 ? shelfPrice(cityPrice / (1 - discountPercent / 100)) : null
      // the terms the partner banks offer (broker_bank_products): installments up to the order cap
      const financed =
        (type === 'regular' || type === 'mto') && cityPrice >= 15_000 && cityPrice <= MAX_ORDER_SUM
      const creditMonths = cityPrice >= 300_000 ? 24 : 12
      const installmentMonths = cityPrice >= 150_000 ? 12 : cityPrice >= 50_000 ? 6 : 3
      return {
        product_id: id,
        city_id: city.id,
        price: cityPrice,
        old_price: oldPrice,
        discount: oldPrice ? Math.round(((oldPrice - cityPrice) / oldPrice) * 100) : 0,
        price_usd: Math.round((cityPrice / USD_RATE) * 100) / 100,
        credit_month_num: financed ? creditMonths : null,
        credit_amount: financed ? Math.ceil(cityPrice / creditMonths) : null,
        credit_type_label: financed ? `Рассрочка 0-0-${creditMonths}` : null,
        installment_month_num: financed ? installmentMonths : null,
        installment_amount: financed ? Math.ceil(cityPrice / installmentMonths) : null,
      }
    })
  }

  /**
   * Per city: about 12% out of stock, 5% down to the last unit at one point, 3% only the showcase
   * unit, the rest at one to four points, sometimes with a showcase unit besides.
   */
  private stocks(id: number, r: Random): StockRow[] {
    const rows: StockRow[] = []
    const nowhere = r.chance(0.03)
    for (const city of SEED_CITIES) {
      const points = this.points.byCity.get(city.id)
      const x = r.next()
      if (!points || nowhere || x < 0.12) continue
      const row = (point: SeedServicePoint, condition: StockCondition, quantity: number): StockRow => ({
        product_id: id,
        city_id: city.id,
        service_point_id: point.id,
        condition,
        quantity,
        pickup_time: point.type === 'shop' ? 1 : r.pick([24, 48]),
      })
      if (x < 0.17) {
        rows.push(row(r.pick(points.all), 'N', 1))
      } else if (x < 0.2) {
        rows.push(row(r.pick(points.shops), 'V', 1))
      } else {
        for (const point of r.sample(points.all, r.int(1, 4))) {
          rows.push(row(point, 'N', 1 + Math.floor(Math.pow(r.next(), 2) * 25)))
        }
        if (r.chance(0.1)) rows.push(row(r.pick(points.shops), 'V', 1))
      }
    }
    return rows
  }
}

function productImages(
  id: number,
  kind: IllustrationKind,
  color: string,
  label: string,
  r: Random,
): ImageRow[] {
  const count = r.int(2, 4)
  const images: ImageRow[] = []
  for (let n = 0; n < count; n++) {
    images.push({ id: `p${id}-${n}`, product_id: id, position: n, kind, color, label, variant: n })
  }
  return images
}

function listRu(items: ShortDescriptionItem[]): string {
  return items
    .map((i) => `${i.title.toLowerCase()} — ${i.values.map((v) => v.value_ru).join(', ')}`)
    .join('; ')
}

function listKk(items: ShortDescriptionItem[]): string {
  return items
    .map((i) => `${i.title_kk.toLowerCase()} — ${i.values.map((v) => v.value_kk).join(', ')}`)
    .join('; ')
}

function describeRu(title: string, items: ShortDescriptionItem[], warranty: number, mto: boolean): string {
  return [
    `${title}.`,
    items.length > 0 ? `Ключевые характеристики: ${listRu(items)}.` : '',
    `Официальная гарантия производителя — ${warranty} мес.`,
    mto
      ? 'Товар поставляется под заказ после полной предоплаты, срок поставки — от 14 дней.'
      : 'Доставка по Алматы, Астане, Шымкенту и Актобе или самовывоз из магазина.',
  ]
    .filter(Boolean)
    .join(' ')
}

function describeKk(title: string, items: ShortDescriptionItem[], warranty: number, mto: boolean): string {
  return [
    `${title}.`,
    items.length > 0 ? `Негізгі сипаттамалары: ${listKk(items)}.` : '',
    `Өндірушінің ресми кепілдігі — ${warranty} ай.`,
    mto
      ? 'Тауар толық алдын ала төлемнен кейін тапсырыс бойынша жеткізіледі, мерзімі — 14 күннен бастап.'
      : 'Алматы, Астана, Шымкент және Ақтөбе бойынша жеткізу немесе дүкеннен алып кету.',
  ]
    .filter(Boolean)
    .join(' ')
}

const SPECIAL_DESCRIPTIONS: Record<SpecialProduct['type'], (p: SpecialProduct) => [string, string]> = {
  service: (p) => [
    `${p.titleRu}. Услугу выполняет мастер сервисного центра в удобное для вас время после доставки товара. Стоимость фиксированная, расходные материалы включены.`,
    `${p.titleKk}. Қызметті сервис орталығының шебері тауар жеткізілгеннен кейін сізге ыңғайлы уақытта орындайды. Бағасы тұрақты, шығын материалдары кіреді.`,
  ],
  guaranty: (p) => [
    `${p.titleRu}. Продлевает бесплатное сервисное обслуживание после окончания гарантии производителя. Оформляется вместе с товаром.`,
    `${p.titleKk}. Өндіруші кепілдігі аяқталғаннан кейін тегін сервистік қызмет көрсетуді ұзартады. Тауармен бірге рәсімделеді.`,
  ],
  certificate: (p) => [
    `${p.titleRu}. Сертификатом можно оплатить любые товары на сайте и в магазинах. Срок действия — 12 месяцев с момента покупки.`,
    `${p.titleKk}. Сертификатпен сайттағы және дүкендердегі кез келген тауарды төлеуге болады. Жарамдылық мерзімі — сатып алған күннен бастап 12 ай.`,
  ],
  digital: (p) => [
    `${p.titleRu}. Электронный ключ активации приходит на e-mail и в SMS сразу после оплаты.`,
    `${p.titleKk}. Электрондық белсендіру кілті төлемнен кейін бірден e-mail мен SMS арқылы келеді.`,
  ],
}

// ---------------------------------------------------------------- filters

export interface CategoryFilterRow {
  category_id: number
  code: string
  title_ru: string
  title_kk: string
  type: FilterType
  sort: number
  unit: string | null
  options: FilterOption[] | null
}

/** Gathers the values products carry, so each filter lists exactly the options that find something. */
export class FilterCollector {
  private readonly values = new Map<number, Map<string, Map<string, string | number | boolean>>>()
  private readonly ancestors = new Map<number, SeedCategory[]>()

  constructor() {
    const byId = new Map(SEED_CATEGORIES.map((c) => [c.id, c]))
    for (const c of SEED_CATEGORIES) {
      const chain: SeedCategory[] = []
      for (let at: SeedCategory | undefined = c; at; at = at.parentId ? byId.get(at.parentId) : undefined)
        chain.push(at)
      this.ancestors.set(c.id, chain)
    }
  }

  add(product: ProductRow): void {
    for (const category of this.ancestors.get(product.category_id) ?? []) {
      for (const [code, type] of category.filters) {
        if (type === 'range') continue
        const value = product.attributes[code]
        if (value === undefined) continue
        for (const v of Array.isArray(value) ? value : [value]) {
          if (type === 'checkbox' && v !== true) continue
          let perCategory = this.values.get(category.id)
          if (!perCategory) this.values.set(category.id, (perCategory = new Map()))
          let perCode = perCategory.get(code)
          if (!perCode) perCategory.set(code, (perCode = new Map()))
          perCode.set(String(v), v)
        }
      }
    }
  }

  rows(): CategoryFilterRow[] {
    const rows: CategoryFilterRow[] = []
    for (const category of SEED_CATEGORIES) {
      category.filters.forEach(([code, type], i) => {
        const [titleRu, titleKk] = code === 'price' ? ['Цена', 'Бағасы'] : attributeTitle(code)
        const found = this.values.get(category.id)?.get(code)
        rows.push({
          category_id: category.id,
          code,
          title_ru: titleRu,
          title_kk: titleKk,
          type,
          sort: (i + 1) * 10,
          unit: code === 'price' ? '₸' : unitLabel(code),
          options: type === 'range' ? null : sortOptions(code, [...(found?.values() ?? [])]),
        })
      })
    }
    return rows
  }
}

function sortOptions(code: string, values: (string | number | boolean)[]): FilterOption[] {
  const order = Object.keys(ATTRIBUTES[code]?.options ?? {})
  const sorted = values.slice().sort((a, b) => {
    if (typeof a === 'number' && typeof b === 'number') return a - b
    const ia = order.indexOf(String(a))
    const ib = order.indexOf(String(b))
    if (ia >= 0 && ib >= 0) return ia - ib
    return optionTitle(code, a)[0].localeCompare(optionTitle(code, b)[0], 'ru')
  })
  return sorted.map((v) => {
    const [ru, kk] = optionTitle(code, v)
    return { value: String(v), title_ru: ru, title_kk: kk }
  })
}
