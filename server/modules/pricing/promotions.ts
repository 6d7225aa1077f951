import type { CartPromotion, PromotionProduct } from '../../../contract/cart'
import type { Lang } from '../../../contract/common'
import type { PromotionRuleData, StoredNotice, StoredPromotionChoice } from '../../db/schema/cart'
import type { OfferedProduct, PromotionRow } from './benefit-data'
import type { ConditionSubject } from './conditions'
import { benefitCleared } from './notices'
import type { PricingLine } from './types'
import { runsAt } from './window'

/** Running now, in this city (no cities listed is every city). */
export function promotionRunsIn(promotion: PromotionRow, cityId: number, now: Date): boolean {
  return runsAt(promotion, now) && (promotion.cityIds.length === 0 || promotion.cityIds.includes(cityId))
}

/** The promotion hangs on this product: by its id, its category or an ancestor, or its brand. */
export function promotionCovers(promotion: PromotionRow, subject: ConditionSubject): boolean {
  const ids = promotion.mainEntityIds
  if (promotion.mainEntityType === 'product') return ids.includes(subject.productId)
  if (promotion.mainEntityType === 'category') return subject.categoryPath.some((id) => ids.includes(id))
  return subject.brandId !== null && ids.includes(subject.brandId)
}

export interface PromotionMatch {
  line: PricingLine
  promotion: PromotionRow
}

const byPriority = (a: PromotionRow, b: PromotionRow) => a.priority - b.priority || a.id - b.id

/**
 * Each active line with the one promotion that wins on it: the lowest `priority` (then the lowest id)
 * among those running in the city. Inactive lines (unticked or out of stock) get none (purchase flow 5).
 */
export function matchPromotions(
  lines: PricingLine[],
  promotions: PromotionRow[],
  cityId: number,
  now: Date,
): PromotionMatch[] {
  const running = promotions.filter((p) => promotionRunsIn(p, cityId, now)).sort(byPriority)
  const matches: PromotionMatch[] = []
  for (const line of lines) {
    if (!line.isActive) continue
    const promotion = running.find((p) => promotionCovers(p, line))
    if (promotion) matches.push({ line, promotion })
  }
  return matches
}

/** Every product the matched promotions offer, to load their city price and stock at once. */
export function offeredProductIds(promotions: PromotionRow[]): number[] {
  return [...new Set(promotions.flatMap((p) => p.rules.flatMap((r) => r.productIds)))]
}

export const isOfferable = (p: OfferedProduct | undefined): p is OfferedProduct & { price: number } =>
  p !== undefined && p.inStock && p.price !== null

/** A gift costs nothing; a kit's part costs its shelf price less the rule's discount (percent floored). */
export function promoPrice(type: PromotionRow['type'], rule: PromotionRuleData, price: number): number {
  if (type === 'gift') return 0
  const off =
    rule.discountKind === 'fix' ? rule.discountValue : Math.floor((price * rule.discountValue) / 100)
  return price - Math.min(price, Math.max(0, off))
}

export function toPromotionProduct(
  product: OfferedProduct,
  lang: Lang,
  price: number,
  isChosen: boolean,
): PromotionProduct {
  return {
    sku: product.sku,
    title: lang === 'kk' ? product.titleKk : product.titleRu,
    type: product.type,
    price: product.price ?? 0,
    promoPrice: price,
    images: product.image ? [product.image] : [],
    isAvailable: isOfferable(product),
    isChosen,
  }
}

/**
 * The product chosen in a rule: the first of the shopper's picks still on offer, else the rule's first
 * product on offer. `replaced` tells that a pick had to give way (sold out in the city, left the rule).
 */
export function chooseInRule(
  rule: PromotionRuleData,
  offered: ReadonlyMap<number, OfferedProduct>,
  picked: number[] | undefined,
): { chosen: (OfferedProduct & { price: number }) | null; replaced: boolean } {
  const onOffer = rule.productIds.map((id) => offered.get(id)).filter(isOfferable)
  if (picked?.length) {
    const pick = picked.map((id) => onOffer.find((p) => p.id === id)).find((p) => p !== undefined)
    if (pick) return { chosen: pick, replaced: false }
    return { chosen: onOffer[0] ?? null, replaced: true }
  }
  return { chosen: onOffer[0] ?? null, replaced: false }
}

/** A kit part the shopper buys with its reference product, at the kit's price. */
export interface KitPart {
  product: OfferedProduct & { price: number }
  promoPrice: number
}

export interface PromotionsOutcome {
  promotions: CartPromotion[]
  /** Parts of applied kits: bought at promoPrice, so in the totals. */
  kitParts: KitPart[]
  /** What applied promotions save: gifts at their shelf price, kit discounts. */
  economy: number
  /** The choices to keep, when any had to change; undefined when all stand. */
  choices: StoredPromotionChoice[] | undefined
  notices: StoredNotice[]
}

function samePlace(c: StoredPromotionChoice, m: PromotionMatch) {
  return c.promotionId === m.promotion.id && c.referenceProductId === m.line.productId
}

/**
 * The promotions of a cart. A required promotion always applies; an optional one (a kit the shopper may
 * take) applies once the shopper chose it. One set of gifts or kit parts per line, whatever its
 * quantity. A choice whose promotion no longer runs on its line, or whose product is no longer on offer,
 * is dropped or replaced and reported.
 */
export function buildPromotions(input: {
  lines: PricingLine[]
  matches: PromotionMatch[]
  offered: ReadonlyMap<number, OfferedProduct>
  choices: StoredPromotionChoice[]
  lang: Lang
}): PromotionsOutcome {
  const { matches, offered, lang } = input
  const promotions: CartPromotion[] = []
  const kitParts: KitPart[] = []
  const notices: StoredNotice[] = []
  const kept: StoredPromotionChoice[] = []
  let economy = 0
  let changed = false

  for (const match of matches) {
    const { promotion, line } = match
    const stored = input.choices.find((c) => samePlace(c, match))
    let replaced = false
    const chosen: KitPart[] = []
    const chosenByRule = new Map<number, number>()
    const rules = promotion.rules.map((rule) => {
      const picked = stored?.rules.find((r) => r.ruleId === rule.id)?.productIds
      const choice = chooseInRule(rule, offered, picked)
      replaced ||= choice.replaced
      if (choice.chosen) chosenByRule.set(rule.id, choice.chosen.id)
      if (choice.chosen)
        chosen.push({
          product: choice.chosen,
          promoPrice: promoPrice(promotion.type, rule, choice.chosen.price),
        })
      return {
        id: rule.id,
        title: lang === 'kk' ? rule.titleKk : rule.titleRu,
        products: rule.productIds.flatMap((id) => {
          const product = offered.get(id)
          if (!product) return []
          const price = product.price === null ? 0 : promoPrice(promotion.type, rule, product.price)
          return [toPromotionProduct(product, lang, price, product.id === choice.chosen?.id)]
        }),
      }
    })
    const hasBenefitProducts = chosen.length > 0
    const isApplied = hasBenefitProducts && (promotion.isRequired || stored !== undefined)
    const promotionEconomy = chosen.reduce((sum, part) => sum + part.product.price - part.promoPrice, 0)
    if (stored) {
      if (replaced) {
        changed = true
        notices.push(benefitCleared('promotion', { promotionId: promotion.id, sku: line.sku }))
        kept.push({
          ...stored,
          rules: stored.rules.map((r) => {
            const id = chosenByRule.get(r.ruleId)
            return { ruleId: r.ruleId, productIds: id === undefined ? [] : [id] }
          }),
        })
      } else kept.push(stored)
    }
    if (isApplied) {
      economy += promotionEconomy
      if (promotion.type === 'kit') kitParts.push(...chosen)
    }
    promotions.push({
      promoId: promotion.id,
      ruleId: promotion.rules[0]?.id ?? null,
      type: promotion.type,
      title: lang === 'kk' ? promotion.titleKk : promotion.titleRu,
      mainEntityType: promotion.mainEntityType,
      referenceProductSku: line.sku,
      referenceProductId: line.productId,
      isRequired: promotion.isRequired,
      hasBenefitProducts,
      isApplied,
      rules,
      result: {
        products: chosen.map((part) => toPromotionProduct(part.product, lang, part.promoPrice, true)),
      },
      economy: promotionEconomy,
    })
  }

  // a choice for a line still in the cart whose promotion stopped running is reported; one for a line
  // that left the cart goes quietly, and one for an unticked line waits for the tick
  for (const choice of input.choices) {
    if (matches.some((m) => samePlace(choice, m))) continue
    const line = input.lines.find((l) => l.productId === choice.referenceProductId)
    if (line && !line.isActive) {
      kept.push(choice)
      continue
    }
    changed = true
    if (line) notices.push(benefitCleared('promotion', { promotionId: choice.promotionId, sku: line.sku }))
  }

  return { promotions, kitParts, economy, choices: changed ? kept : undefined, notices }
}
