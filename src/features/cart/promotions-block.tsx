import { useLingui } from '@lingui/react/macro'
import type { CartPromotion, PromotionChoice, PromotionProduct } from '../../../contract/cart'
import { imageUrl } from '../../../contract/values/media'
import { formatMoney } from '../../i18n/format'
import { Button } from '../../ui/button'
import styles from './cart.module.css'

export interface PromotionsBlockProps {
  promotions: CartPromotion[]
  onChoose: (choice: PromotionChoice) => void
  /** Takes an optional kit out of the order. */
  onRemove: (promotion: CartPromotion) => void
}

type ChosenProduct = Pick<PromotionProduct, 'sku' | 'type' | 'isAvailable'>

/** A choice of the promotion with each rule's chosen products given by `chosenIn`. */
function choiceWith(
  promotion: CartPromotion,
  chosenIn: (rule: CartPromotion['rules'][number]) => ChosenProduct[],
): PromotionChoice {
  return {
    id: promotion.promoId,
    referenceProductId: promotion.referenceProductId,
    referenceProductSku: promotion.referenceProductSku,
    rules: promotion.rules.map((rule) => ({
      id: rule.id,
      chosenProducts: chosenIn(rule).map((chosen) => ({
        sku: chosen.sku,
        type: chosen.type,
        isAvailable: chosen.isAvailable,
      })),
    })),
  }
}

const chosenOf = (rule: CartPromotion['rules'][number]) =>
  rule.products.filter((candidate) => candidate.isChosen)

/** The shopper's choice in one rule, with the other rules' choices kept as they are. */
export const choiceFor = (promotion: CartPromotion, ruleId: number, product: PromotionProduct) =>
  choiceWith(promotion, (rule) => (rule.id === ruleId ? [product] : chosenOf(rule)))

/** The choice as it stands: what the server preselected or the shopper picked, in every rule. */
export const currentChoice = (promotion: CartPromotion) => choiceWith(promotion, chosenOf)

/**
 * Gifts and kits the cart qualifies for: one radio group per rule. The server chose the first product
 * of each rule (purchase flow 3); the shopper may pick another available one. A gift comes with the
 * order by itself; an optional kit is only offered until the shopper adds it (picking a product adds it
 * too), so the block says which of the two it is and the kit has its button to add or take it out.
 */
export function PromotionsBlock({ promotions, onChoose, onRemove }: PromotionsBlockProps) {
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
          <PromotionStatus promotion={promotion} onChoose={onChoose} onRemove={onRemove} />
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

function PromotionStatus({
  promotion,
  onChoose,
  onRemove,
}: {
  promotion: CartPromotion
  onChoose: (choice: PromotionChoice) => void
  onRemove: (promotion: CartPromotion) => void
}) {
  const { t } = useLingui()
  const optional = promotion.type === 'kit' && !promotion.isRequired
  if (!optional)
    return promotion.isApplied ? (
      <p className={styles.promotionStatus} data-testid="promotion-status" data-applied="true">
        {t`Добавлен к заказу`}
      </p>
    ) : null
  return (
    <div
      className={styles.promotionStatus}
      data-testid="promotion-status"
      data-applied={promotion.isApplied ? 'true' : 'false'}
    >
      <p>
        {promotion.isApplied
          ? t`Комплект в заказе, цены со скидкой учтены в итоге`
          : t`Комплект не в заказе. Выберите товары и добавьте его, чтобы получить скидку`}
      </p>
      {promotion.isApplied ? (
        <Button variant="ghost" size="s" onClick={() => onRemove(promotion)} data-testid="promotion-remove">
          {t`Убрать комплект`}
        </Button>
      ) : (
        <Button size="s" onClick={() => onChoose(currentChoice(promotion))} data-testid="promotion-add">
          {t`Добавить комплект`}
        </Button>
      )}
    </div>
  )
}
