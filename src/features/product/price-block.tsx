import { useLingui } from '@lingui/react/macro'
import type { ProductListItem } from '../../../contract/catalog'
import { formatMoney } from '../../i18n/format'
import { ProductBuyButton } from '../../cart/add-to-cart-button'
import { HeartButton } from '../../wishlist/wishlist-buttons'
import { CompareButton } from '../../compare/compare-button'
import { Price } from '../../ui/price'
import { paymentOffers, saving } from './price-info'
import { isStocked } from './product-tabs'
import styles from './price-block.module.css'

/** The product as its card knows it: the heart keeps that card for the wishlist drawn before the server answers. */
export type PriceBlockProduct = ProductListItem

export interface PriceBlockProps {
  product: PriceBlockProduct
  /** The city the price is for, already translated ('Алматы'). */
  cityName: string
}

/**
 * The price for the shopper's city with the old price and the saving, the credit and installment terms,
 * and the buying buttons: the cart, the wishlist's heart and the comparison.
 */
export function PriceBlock({ product, cityName }: PriceBlockProps) {
  const { t } = useLingui()
  const offers = paymentOffers(product)
  const saved = saving(product)
  // Services, certificates and keys are not on a shelf: no stock line for them.
  const stocked = isStocked(product.type)

  return (
    <section className={styles.block} aria-label={t`Цена и покупка`}>
      <div className={styles.priceRow} data-testid="product-price" data-price={product.price}>
        <Price amount={product.price} oldAmount={product.old_price} className={styles.price} />
        {product.discount > 0 && saved > 0 ? (
          <span className={styles.discount}>−{product.discount}%</span>
        ) : null}
      </div>
      {saved > 0 ? <p className={styles.saving}>{t`Экономия ${formatMoney(saved)}`}</p> : null}
      <p className={styles.cityNote}>{t`Цена для города ${cityName}`}</p>

      {offers.length > 0 ? (
        <ul className={styles.offers} data-testid="payment-offers">
          {offers.map((offer) => {
            const monthly = formatMoney(offer.monthly)
            const months = offer.months
            return (
              <li key={offer.kind} className={styles.offer} data-kind={offer.kind}>
                {offer.kind === 'credit' ? (
                  <>
                    <span className={styles.offerTitle}>{offer.label ?? t`В кредит`}</span>
                    <span>{t`от ${monthly} в месяц на ${months} мес.`}</span>
                  </>
                ) : (
                  <>
                    <span className={styles.offerTitle}>{t`Рассрочка 0-0-${months}`}</span>
                    <span>{t`${monthly} × ${months} мес. без переплаты`}</span>
                  </>
                )}
              </li>
            )
          })}
        </ul>
      ) : null}

      {stocked ? (
        <p className={styles.status} data-availability={product.availability}>
          {product.availability === 'InStock'
            ? t`В наличии`
            : product.availability === 'PreOrder'
              ? t`Предзаказ`
              : t`Нет в наличии в городе ${cityName}`}
        </p>
      ) : null}
      {product.only_prepayment ? <p className={styles.note}>{t`Только по полной предоплате`}</p> : null}

      <div className={styles.actions}>
        <ProductBuyButton product={product} className={styles.buy} />
        <HeartButton product={product} className={styles.iconAction} />
        <CompareButton product={product} className={styles.iconAction} />
      </div>
    </section>
  )
}
