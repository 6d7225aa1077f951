import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { Product } from '../../../contract/catalog'
import { HrefLink } from '../../url/href-link'
import { useStoreLocation } from '../../url/store-location'
import { AddToCartButton, previewOf } from '../../cart/add-to-cart-button'
import { formatMoney } from '../../i18n/format'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { productPath } from './product-path'
import { recommendationsQuery } from './queries'
import { isServiceOffer } from './recommendation-items'
import styles from './services-tab.module.css'

/**
 * Services and warranty extensions offered with the product: installation, set-up, extra warranty years.
 * They come first in the "bought together" recommendations, the same answer the carousels below use.
 * Adding one puts it in the cart for this product, and the product too when it is not there yet.
 */
export function ServicesTab({ product }: { product: Product }) {
  const { t } = useLingui()
  const { cityId, lang } = useStoreLocation()
  const location = useStoreLocation()
  const query = useQuery(recommendationsQuery(product.sku, cityId, lang))

  if (query.isPending) {
    return (
      <div className={styles.list} aria-busy="true">
        <Skeleton height={64} />
        <Skeleton height={64} />
      </div>
    )
  }
  if (query.isError) {
    return (
      <div className={styles.message}>
        <p>{t`Не удалось загрузить услуги.`}</p>
        <Button size="s" variant="secondary" onClick={() => void query.refetch()}>
          {t`Повторить`}
        </Button>
      </div>
    )
  }
  const services = query.data.blocks.flatMap((block) => block.products).filter(isServiceOffer)
  const unique = services.filter((s, i) => services.findIndex((x) => x.sku === s.sku) === i)
  if (unique.length === 0) {
    return <p className={styles.message}>{t`К этому товару пока нет дополнительных услуг.`}</p>
  }
  return (
    <ul className={styles.list} data-testid="services">
      {unique.map((service) => (
        <li key={service.sku} className={styles.service} data-testid="service-offer" data-type={service.type}>
          <div className={styles.text}>
            <HrefLink href={location.href(productPath(service))} className={styles.name}>
              {service.title}
            </HrefLink>
            <span className={styles.kind}>
              {service.type === 'guaranty' ? t`Расширенная гарантия` : t`Услуга`}
            </span>
          </div>
          <b className={styles.price}>{formatMoney(service.price)}</b>
          <AddToCartButton
            product={previewOf(service)}
            forProduct={previewOf(product)}
            canBuy={product.availability === 'InStock'}
            label={t`Добавить`}
            size="s"
            iconSize="S"
            className={styles.add}
          />
        </li>
      ))}
    </ul>
  )
}
