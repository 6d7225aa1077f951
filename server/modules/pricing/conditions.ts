import type { BenefitConditions } from '../../db/schema/cart'

/** What a condition looks at in a product: the product, its category with the ancestors, its brand. */
export interface ConditionSubject {
  productId: number
  categoryPath: number[]
  brandId: number | null
}

/**
 * Every non-empty list of the conditions must hold (a code for Samsung smartphones wants both); an empty
 * or missing list does not limit.
 */
export function matchesConditions(conditions: BenefitConditions, subject: ConditionSubject): boolean {
  const { productIds, categoryIds, brandIds } = conditions
  if (productIds?.length && !productIds.includes(subject.productId)) return false
  if (categoryIds?.length && !subject.categoryPath.some((id) => categoryIds.includes(id))) return false
  if (brandIds?.length && (subject.brandId === null || !brandIds.includes(subject.brandId))) return false
  return true
}
