import type {
  Availability,
  ProductListItem,
  ProductShortItem,
  RecommendationItem,
} from '../../../contract/catalog'
import type { Lang } from '../../../contract/common'
import type { ShortDescriptionItem, Sticker } from '../../db/schema/catalog'
import { Lru } from '../../lib/lru'
import type { CatalogIndex, CategoryNode, CityIndex, ProductRecord } from './catalog-index'
import { deliveryClock, deliveryInfo } from './delivery'
import { KIOSK, KIOSK_CODES, kioskStickers, promotionBit } from './kiosk-stickers'

export type ItemKind = 'full' | 'short'

type LocalDescription = ProductListItem['short_description']
type LocalStickers = ProductListItem['stickers']

const MAX_VARIANTS = 30

/** Rendered cards kept per index, as UTF-8 JSON: 64 MB at most. */
const CARD_CACHE_BYTES = 64_000_000
/** Cards list at most this many variants (the product page lists them all, up to MAX_VARIANTS). */
const CARD_VARIANTS = 6

export function availabilityOf(index: CatalogIndex, pos: number, city: CityIndex): Availability {
  const record = index.records[pos]!
  if (isIntangible(record.type)) return 'InStock'
  if (index.stock.quantity[city]![pos]! > 0) return 'InStock'
  if (record.isPreorder || record.type === 'mto') return 'PreOrder'
  return 'OutOfStock'
}

export function imageIds(record: ProductRecord): string[] {
  return typeof record.images === 'number'
    ? Array.from({ length: record.images }, (_, i) => `p${record.id}-${i}`)
    : record.images
}

const isIntangible = (type: ProductRecord['type']) =>
  type === 'service' || type === 'certificate' || type === 'digital' || type === 'guaranty'

/**
 * The kiosk stickers of a product in a city at `now`: out of stock, pre-order, the gift or kit of its
 * winning promotion, prepayment only, showcase units. Cards are cached per price and stock load and
 * hour, so this runs once per card and hour, not per request.
 */
export function kioskMask(index: CatalogIndex, pos: number, city: CityIndex, now: number): number {
  const r = index.records[pos]!
  let mask = promotionBit(r.promotions, city + 1, now)
  if (r.onlyPrepayment) mask |= KIOSK.prepay
  if (r.isPreorder) mask |= KIOSK.preorder
  if (isIntangible(r.type)) return mask
  if (index.stock.showcase[city]![pos]) mask |= KIOSK.showcase
  // a gift or kit comes with a purchase: none while the product cannot be bought here
  if (availabilityOf(index, pos, city) === 'OutOfStock')
    mask = (mask & ~(KIOSK.gift | KIOSK.kit)) | KIOSK.outOfStock
  return mask
}

const creditLabel = (label: string, lang: Lang) =>
  lang === 'kk' ? label.replace(/^Рассрочка/, 'Бөліп төлеу') : label

/**
 * Turns index positions into the contract's list items in one language and city. Cards are cached as
 * JSON text per (position, city, language, kind) for the life of the index, keyed also by the last
 * price or stock write that touched the card (`CatalogIndex.cardStamps`) and the local hour its
 * delivery estimate depends on.
 */
export class Renderer {
  private readonly cards = new Lru<string, Buffer>({
    maxEntries: 200_000,
    maxWeight: CARD_CACHE_BYTES,
    weigh: (b) => b.length,
  })
  private readonly descriptions = new WeakMap<ShortDescriptionItem[], Record<Lang, LocalDescription>>()
  private readonly stickerTexts = new WeakMap<Sticker[], Map<number, Record<Lang, LocalStickers>>>()
  private readonly categoryTitles = new Map<CategoryNode, Record<Lang, string[]>>()

  constructor(
    readonly index: CatalogIndex,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * One card as UTF-8 JSON. Kept as bytes: a listing is then a concatenation of cached buffers, not
   * a re-encoding of 60 KB of mostly Cyrillic text per request.
   */
  cardJson(pos: number, city: CityIndex, lang: Lang, kind: ItemKind): Buffer {
    const now = this.now()
    const key = `${this.index.cardStamps[pos]}|${deliveryClock(now)}|${pos}|${city}|${lang}|${kind}`
    let json = this.cards.get(key)
    if (json === undefined) {
      json = Buffer.from(
        JSON.stringify(kind === 'full' ? this.item(pos, city, lang, now) : this.short(pos, city, lang, now)),
      )
      this.cards.set(key, json)
    }
    return json
  }

  /** A card's list item; `page` gives the product page's full variant list. */
  item(pos: number, city: CityIndex, lang: Lang, now = this.now(), page = false): ProductListItem {
    const index = this.index
    const r = index.records[pos]!
    const prices = index.prices[city]!
    const discount = prices.discount[pos]!
    const oldPrice = prices.oldPrice[pos]!
    const creditMonths = prices.creditMonths[pos]!
    const installmentMonths = prices.installmentMonths[pos]!
    const installmentSticker = r.stickers.some((s) => s.code === 'installment')
    const kiosk = kioskMask(index, pos, city, now)
    const promotion = kiosk & (KIOSK.gift | KIOSK.kit)
    const titles = this.categoryNames(r.category)
    return {
      id: r.id,
      sku: r.sku,
      uri: r.uri,
      url_handle: r.uri,
      title: lang === 'kk' ? r.titleKk : r.titleRu,
      type: r.type,
      brand: r.brand?.name ?? null,
      categories: titles[lang],
      categories_ru: titles.ru,
      images: imageIds(r),
      price: prices.price[pos]!,
      old_price: oldPrice < 0 ? null : oldPrice,
      discount,
      price_usd: prices.priceUsd[pos]!,
      credit_terms:
        creditMonths > 0
          ? {
              amount: prices.creditAmount[pos]!,
              month_num: creditMonths,
              credit_type_label: creditLabel(prices.creditLabel[pos] ?? '', lang),
            }
          : null,
      kaspi_installment_info:
        installmentMonths > 0
          ? { month_num: installmentMonths, amount: prices.installmentAmount[pos]! }
          : null,
      stickers: this.stickers(r.stickers, kiosk, lang),
      short_description: this.description(r.shortDescription, lang),
      rating: r.rating,
      review_count: r.reviewCount,
      is_new: r.isNew,
      is_preorder: r.isPreorder,
      only_prepayment: r.onlyPrepayment,
      has_promotions: discount > 0 || installmentSticker || promotion !== 0,
      promotion_types: [
        ...(discount > 0 ? ['discount'] : []),
        ...(installmentSticker ? ['installment'] : []),
        ...(promotion === KIOSK.gift ? ['gift'] : promotion === KIOSK.kit ? ['kit'] : []),
      ],
      availability: availabilityOf(index, pos, city),
      stock: index.stock.quantity[city]![pos]!,
      delivery_info: deliveryInfo(index, pos, city, now),
      variants: this.variants(r, city, lang, !page),
      score: r.popularity,
    }
  }

  short(pos: number, city: CityIndex, lang: Lang, now = this.now()): ProductShortItem {
    const index = this.index
    const r = index.records[pos]!
    const prices = index.prices[city]!
    const oldPrice = prices.oldPrice[pos]!
    const creditMonths = prices.creditMonths[pos]!
    return {
      id: r.id,
      sku: r.sku,
      uri: r.uri,
      url_handle: r.uri,
      title: lang === 'kk' ? r.titleKk : r.titleRu,
      type: r.type,
      brand: r.brand?.name ?? null,
      images: imageIds(r),
      price: prices.price[pos]!,
      old_price: oldPrice < 0 ? null : oldPrice,
      discount: prices.discount[pos]!,
      credit_terms:
        creditMonths > 0
          ? {
              amount: prices.creditAmount[pos]!,
              month_num: creditMonths,
              credit_type_label: creditLabel(prices.creditLabel[pos] ?? '', lang),
            }
          : null,
      stickers: this.stickers(r.stickers, kioskMask(index, pos, city, now), lang),
      rating: r.rating,
      review_count: r.reviewCount,
      is_new: r.isNew,
      is_preorder: r.isPreorder,
      availability: availabilityOf(index, pos, city),
      stock: index.stock.quantity[city]![pos]!,
      score: r.popularity,
    }
  }

  recommendation(pos: number, city: CityIndex, lang: Lang): RecommendationItem {
    const item = this.item(pos, city, lang)
    const main = item.images[0]
    return { ...item, image: main ? `/f3/api/v1/images/208/208/${main}.webp` : '' }
  }

  /**
   * Other memory sizes and colours of the same model, one product per label, the product itself for
   * its own label. Cards (`siblings`) list only the labels differing from the product's in one
   * dimension (its other colours, its other sizes), at most 6; the product page lists them all, up
   * to 30.
   */
  variants(r: ProductRecord, city: CityIndex, lang: Lang, siblings = false): ProductListItem['variants'] {
    const group = r.group
    if (!group) return []
    const own = group.byKey.get(r.variantKey)
    let entries = group.entries
    if (siblings && own) {
      entries = entries.filter((e) => {
        let differing = 0
        for (let i = 0; i < e.values.length; i++) if (e.values[i] !== own.values[i]) differing++
        return differing <= 1
      })
    }
    const max = siblings ? CARD_VARIANTS : MAX_VARIANTS
    if (entries.length > max) {
      const first = entries.slice(0, max)
      entries = own && !first.includes(own) ? [own, ...first.slice(0, max - 1)] : first
    }
    const prices = this.index.prices[city]!
    return entries.map((e) => {
      const v = e === own ? r : this.index.records[e.pos]!
      return {
        sku: v.sku,
        uri: v.uri,
        title: lang === 'kk' ? v.titleKk : v.titleRu,
        label: lang === 'kk' ? e.labelKk : e.labelRu,
        price: prices.has[v.pos] ? prices.price[v.pos]! : null,
        is_current: v === r,
      }
    })
  }

  categoryNames(c: CategoryNode): Record<Lang, string[]> {
    let titles = this.categoryTitles.get(c)
    if (!titles) {
      titles = { ru: c.chain.map((n) => n.nameRu), kk: c.chain.map((n) => n.nameKk) }
      this.categoryTitles.set(c, titles)
    }
    return titles
  }

  description(items: ShortDescriptionItem[], lang: Lang): LocalDescription {
    let local = this.descriptions.get(items)
    if (!local) {
      const make = (kk: boolean): LocalDescription =>
        items.map((i) => ({
          title: kk ? i.title_kk : i.title,
          description: i.description,
          code: i.code,
          values: i.values.map((v) => ({
            value_ru: v.value_ru,
            value: kk ? v.value_kk : v.value_ru,
            code: v.code,
          })),
        }))
      local = { ru: make(false), kk: make(true) }
      this.descriptions.set(items, local)
    }
    return local[lang]
  }

  /**
   * The kiosk stickers first, then the product's own (a pre-order sticker typed on the product gives
   * way to the kiosk's, which follows `is_preorder`). Made once per sticker list, mask and language.
   */
  stickers(stickers: Sticker[], kiosk: number, lang: Lang): LocalStickers {
    let byMask = this.stickerTexts.get(stickers)
    if (!byMask) this.stickerTexts.set(stickers, (byMask = new Map()))
    let local = byMask.get(kiosk)
    if (!local) {
      const own = stickers.filter((s) => !KIOSK_CODES.has(s.code))
      const make = (lang: Lang): LocalStickers => [
        ...kioskStickers(kiosk, lang),
        ...own.map((s) => ({
          code: s.code,
          text: lang === 'kk' ? s.text_kk : s.text_ru,
          text_color: s.text_color,
          background_color: s.background_color,
        })),
      ]
      local = { ru: make('ru'), kk: make('kk') }
      byMask.set(kiosk, local)
    }
    return local[lang]
  }
}
