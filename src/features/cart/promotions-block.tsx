import { useLingui } from '@lingui/react/macro'
import type { CartPromotion, PromotionChoice, PromotionProduct } from '../../../contract/cart'
import { imageUrl } from '../../../contract/values/media'
import { formatMoney } from '../../i18n/format'
import styles from './cart.module.css'

export interface PromotionsBlockProps {
  promotions: CartPromotion[]
  onChoose: (choice: PromotionChoice) => void
}

/** The shopper's choice in one rule, with the other rules' choices kept as they are. */
export function choiceFor(
  promotion: CartPromotion,
  ruleId: number,
  product: PromotionProduct,
): PromotionChoice {
  return {
    id: promotion.promoId,
    referenceProductId: promotion.referenceProductId,
    referenceProductSku: promotion.referenceProductSku,
    rules: promotion.rules.map((rule) => ({
      id: rule.id,
      chosenProducts: (rule.id === ruleId
        ? [product]
        : rule.products.filter((candidate) => candidate.isChosen)
      ).map((chosen) => ({ sku: chosen.sku, type: chosen.type, isAvailable: chosen.isAvailable })),
    })),
  }
}

/**
 * Gifts and kits the cart qualifies for: one radio group per rule. The server chose the first product
 * of each rule (purchase flow 3); the shopper may pick another available one.
 */
export function PromotionsBlock({ promotions, onChoose }: PromotionsBlockProps) {
  const { t } = useLingui()
  const shown = promotions.filter((promotion) => promotion.rules.length > 0)
  if (shown.length === 0) return null
  return (
    <section className={styles.card} aria-label={t`Акции`} data-testid="promotions">
      {shown.map((promotion) => (
        <div
          key={`${promotion.promoId}:${promotion.referenceProductSku}`}
          className={styles.promotion}
          data-testid="promotion"
          data-promo-id={promotion.promoId}
          data-type={promotion.type}
        >
          <h2 className={styles.cardTitle}>
            {promotion.type === 'gift' ? t`Подарок к покупке` : t`Комплект со скидкой`}: {promotion.title}
          </h2>
          {promotion.rules.map((rule) => (
            <fieldset key={rule.id} className={styles.rule}>
              <legend className={styles.ruleTitle}>{rule.title}</legend>
              {rule.products.map((product) => {
                const image = product.images[0]
                return (
                  <label
                    key={product.sku}
                    className={styles.choice}
                    data-testid="promotion-product"
                    data-sku={product.sku}
                  >
                    <input
                      type="radio"
                      name={`promotion-${promotion.promoId}-${promotion.referenceProductSku}-${rule.id}`}
                      checked={product.isChosen}
                      disabled={!product.isAvailable}
                      onChange={() => onChoose(choiceFor(promotion, rule.id, product))}
                    />
                    {image ? (
                      <img src={imageUrl(image, 48)} width={48} height={48} alt="" loading="lazy" />
                    ) : null}
                    <span className={styles.choiceTitle}>{product.title}</span>
                    <span className={styles.choicePrice}>
                      {product.promoPrice === 0 ? t`Бесплатно` : formatMoney(product.promoPrice)}
                      {product.price > product.promoPrice ? <s>{formatMoney(product.price)}</s> : null}
                    </span>
                  </label>
                )
              })}
            </fieldset>
          ))}
        </div>
      ))}
    </section>
  )
}
