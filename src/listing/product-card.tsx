import { select } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ProductListItem } from '../../contract/catalog'
import { imageUrl } from '../../contract/values/media'
import { useStoreLocation } from '../url/store-location'
import { ProductBuyButton } from '../cart/add-to-cart-button'
import { CompareButton } from '../compare/compare-button'
import { HeartButton } from '../wishlist/wishlist-buttons'
import { formatMoney, formatNumber } from '../i18n/format'
import { pluralForm } from '../i18n/plural-form'
import { Price } from '../ui/price'
import styles from './product-card.module.css'
import { Suspense } from 'react'

/** Intrinsic size of the card picture: the larger of the two sizes of its srcset (150 and 272). */
const IMAGE_SIZE = 272

export interface ProductCardProps {
  product: ProductListItem
  /**
   * How the picture loads: 'high' for the first picture of the page (its LCP), 'eager' for the rest of
   * the first row, 'lazy' below the fold.
   */
  priority?: 'high' | 'eager' | 'lazy'
  /** The shopper opens the product from the card (search records which result was opened). */
  onOpen?: () => void
}

function StarIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="m12 2.8 2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2 6.4 20.2l1.1-6.3L2.9 9.5l6.3-.9L12 2.8Z"
      />
    </svg>
  )
}

function Rating({ rating, count }: { rating: number; count: number }) {
  const { t } = useLingui()
  if (count === 0) return <p className={styles.ratingNone}>{t`Нет отзывов`}</p>
  const value = formatNumber(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const reviews = formatNumber(count)
  const form = pluralForm(count)
  return (
    <p className={styles.rating}>
      <span className={styles.star}>
        <StarIcon />
      </span>
      <span className="visually-hidden">{t`Рейтинг ${value} из 5,`}</span>
      <span aria-hidden="true">{value}</span>
      <span className={styles.reviews}>
        {t`${select(form, { one: `${reviews} отзыв`, few: `${reviews} отзыва`, many: `${reviews} отзывов`, other: `${reviews} отзыва` })}`}
      </span>
    </p>
  )
}

function CreditLine({ product }: { product: ProductListItem }) {
  const { t } = useLingui()
  const terms = product.credit_terms
  if (terms && terms.month_num > 0) {
    const amount = formatMoney(terms.amount)
    const months = terms.month_num
    return (
      <p className={styles.credit}>
        <span className={styles.creditAmount}>{t`${amount} × ${months} мес.`}</span>{' '}
        <span className={styles.creditLabel}>{terms.credit_type_label}</span>
      </p>
    )
  }
  const kaspi = product.kaspi_installment_info
  if (kaspi && kaspi.month_num > 0) {
    const amount = formatMoney(kaspi.amount)
    const months = kaspi.month_num
    return <p className={styles.credit}>{t`Рассрочка: ${amount} × ${months} мес.`}</p>
  }
  return null
}

function AvailabilityLine({ product }: { product: ProductListItem }) {
  const { t } = useLingui()
  // the kiosk's stickers on the picture say these
  if (product.availability === 'OutOfStock' || product.is_preorder) return null
  if (product.availability === 'PreOrder') {
    return <p className={`${styles.availability} ${styles.preorder}`}>{t`Предзаказ`}</p>
  }
  const express = product.delivery_info.has_express_delivery
  return (
    <p className={`${styles.availability} ${styles.in}`}>
      {t`В наличии`}
      {express ? <span className={styles.express}> · {t`экспресс-доставка`}</span> : null}
    </p>
  )
}

function BuyButton({ product }: { product: ProductListItem }) {
  return (
    <div className={styles.actions}>
      <ProductBuyButton product={product} size="s" iconSize="S" />
    </div>
  )
}

function ListButtons({ product }: { product: ProductListItem }) {
  return (
    <div className={styles.listButtons}>
      <HeartButton product={product} className={styles.iconAction} />
      <CompareButton product={product} className={styles.iconAction} />
    </div>
  )
}

/**
 * Stickers that say something the card does not already say: the discount badge shows the sale, the
 * credit line the instalments. The server puts the kiosk's (out of stock, pre-order, gift, kit, prepay
 * only, showcase) first. At most two, so the picture stays visible.
 */
const SAID_ELSEWHERE = new Set(['sale', 'installment'])
const MAX_STICKERS = 2

/** A product in a listing: picture, stickers, discount, title, rating, price, credit, stock and actions. */
export function ProductCard(props: ProductCardProps) {
  return (
    <Suspense>
      <Card {...props} />
    </Suspense>
  )
}

function Card({ product, priority = 'lazy', onOpen }: ProductCardProps) {
  const { prefix } = useStoreLocation()
  const image = product.images[0]
  const isService = product.type === 'service'
  /** Services and warranty extensions have no stock or reviews of their own. */
  const isIntangible = isService || product.type === 'guaranty'
  const out = product.availability === 'OutOfStock'
  const stickers = product.stickers.filter((s) => !SAID_ELSEWHERE.has(s.code)).slice(0, MAX_STICKERS)
  return (
    <article
      className={out ? `${styles.card} ${styles.cardOut}` : styles.card}
      data-testid="product-card"
      data-sku={product.sku}
    >
      <div className={styles.media}>
        {image ? (
          <img
            className={styles.image}
            src={imageUrl(image, IMAGE_SIZE)}
            srcSet={`${imageUrl(image, 150)} 150w, ${imageUrl(image, IMAGE_SIZE)} 272w`}
            sizes="(max-width: 767px) 46vw, 220px"
            width={IMAGE_SIZE}
            height={IMAGE_SIZE}
            alt=""
            loading={priority === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={priority === 'high' ? 'high' : undefined}
            decoding={priority === 'lazy' ? 'async' : undefined}
          />
        ) : (
          <span className={styles.noImage} aria-hidden="true" />
        )}
        {stickers.length > 0 || product.discount > 0 ? (
          <ul className={styles.badges}>
            {product.discount > 0 ? (
              <li className={styles.discount} data-testid="discount">
                −{product.discount}%
              </li>
            ) : null}
            {stickers.map((sticker) => (
              <li
                key={sticker.code}
                className={styles.sticker}
                data-code={sticker.code}
                style={{ color: sticker.text_color, backgroundColor: sticker.background_color }}
              >
                {sticker.text}
              </li>
            ))}
          </ul>
        ) : null}
        {isIntangible ? null : <ListButtons product={product} />}
      </div>
      <h3 className={styles.title}>
        {isService ? (
          <Link
            to="/{-$city}/p/s/$sku"
            params={{ city: prefix, sku: product.sku }}
            className={styles.link}
            onClick={onOpen}
          >
            {product.title}
          </Link>
        ) : (
          <Link
            to="/{-$city}/p/$uri"
            params={{ city: prefix, uri: product.uri }}
            className={styles.link}
            onClick={onOpen}
          >
            {product.title}
          </Link>
        )}
      </h3>
      {isIntangible ? null : <Rating rating={product.rating} count={product.review_count} />}
      <div className={styles.priceRow}>
        <Price amount={product.price} oldAmount={product.old_price} className={styles.price} />
      </div>
      <CreditLine product={product} />
      {isIntangible ? null : <AvailabilityLine product={product} />}
      <BuyButton product={product} />
    </article>
  )
}
