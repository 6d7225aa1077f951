import type { Lang } from '../../../contract/common'
import type { ProductListItem } from '../../../contract/catalog'

/**
 * The kiosk's stickers (purchase flow 3): what a product is in the shopper's city, derived from the
 * index's data rather than typed in by hand like the seed's marketing stickers. Each is one bit of a
 * mask, so a card's stickers are one small integer and their texts are made once per mask.
 */
export const KIOSK = {
  outOfStock: 1,
  preorder: 2,
  gift: 4,
  kit: 8,
  prepay: 16,
  showcase: 32,
} as const

interface KioskSticker {
  bit: number
  code: string
  ru: string
  kk: string
  text_color: string
  background_color: string
}

/** In the order a card shows them: what stops a purchase first, then what comes with it. */
const KIOSK_STICKERS: KioskSticker[] = [
  {
    bit: KIOSK.outOfStock,
    code: 'out_of_stock',
    ru: 'Нет в наличии',
    kk: 'Қоймада жоқ',
    text_color: '#ffffff',
    background_color: '#6b7280',
  },
  {
    bit: KIOSK.preorder,
    code: 'preorder',
    ru: 'Предзаказ',
    kk: 'Алдын ала тапсырыс',
    text_color: '#ffffff',
    background_color: '#7c3aed',
  },
  {
    bit: KIOSK.gift,
    code: 'gift',
    ru: 'Подарок',
    kk: 'Сыйлық',
    text_color: '#ffffff',
    background_color: '#db2777',
  },
  {
    bit: KIOSK.kit,
    code: 'kit',
    ru: 'Комплект дешевле',
    kk: 'Жиынтық арзанырақ',
    text_color: '#ffffff',
    background_color: '#0891b2',
  },
  {
    bit: KIOSK.prepay,
    code: 'prepay',
    ru: 'Только предоплата',
    kk: 'Тек алдын ала төлем',
    text_color: '#111827',
    background_color: '#fde68a',
  },
  {
    bit: KIOSK.showcase,
    code: 'showcase',
    ru: 'С витрины',
    kk: 'Витринадан',
    text_color: '#111827',
    background_color: '#e5e7eb',
  },
]

export const KIOSK_CODES = new Set(KIOSK_STICKERS.map((s) => s.code))

type LocalStickers = ProductListItem['stickers']

const byMask = new Map<number, Record<Lang, LocalStickers>>()

/** The kiosk stickers of a mask in one language, shared by every card with that mask. */
export function kioskStickers(mask: number, lang: Lang): LocalStickers {
  let local = byMask.get(mask)
  if (!local) {
    const chosen = KIOSK_STICKERS.filter((s) => (mask & s.bit) !== 0)
    const make = (kk: boolean): LocalStickers =>
      chosen.map((s) => ({
        code: s.code,
        text: kk ? s.kk : s.ru,
        text_color: s.text_color,
        background_color: s.background_color,
      }))
    local = { ru: make(false), kk: make(true) }
    byMask.set(mask, local)
  }
  return local[lang]
}

/** A gift or kit promotion as the index keeps it on each product it covers, best priority first. */
export interface PromotionSpan {
  type: 'gift' | 'kit'
  /** Empty is every city. */
  cityIds: number[]
  fromMs: number
  /** Exclusive; null is open-ended. */
  toMs: number | null
}

/**
 * The sticker of the one promotion that would win on a cart line of this product (the lowest priority
 * running in the city, as pricing's `matchPromotions` picks it), or 0.
 */
export function promotionBit(spans: readonly PromotionSpan[], cityId: number, now: number): number {
  for (const s of spans) {
    if (s.fromMs > now || (s.toMs !== null && now >= s.toMs)) continue
    if (s.cityIds.length > 0 && !s.cityIds.includes(cityId)) continue
    return s.type === 'gift' ? KIOSK.gift : KIOSK.kit
  }
  return 0
}
