import { useLingui } from '@lingui/react/macro'
import type { Product } from '../../../contract/catalog'
import { HrefLink } from '../../url/href-link'
import { useStoreLocation } from '../../url/store-location'
import { formatMoney } from '../../i18n/format'
import styles from './product-page.module.css'

/** The same model in other memory sizes or colours, each a link to its own page. */
export function Variants({ variants }: { variants: Product['variants'] }) {
  const { t } = useLingui()
  const location = useStoreLocation()
  if (variants.length < 2) return null
  return (
    <section aria-label={t`Варианты`} className={styles.variants}>
      <p className={styles.variantsTitle}>{t`Другие варианты`}</p>
      <ul>
        {variants.map((variant) =>
          variant.is_current ? (
            <li key={variant.sku}>
              <span className={styles.variant} aria-current="true">
                {variant.label}
              </span>
            </li>
          ) : (
            <li key={variant.sku}>
              <HrefLink
                href={location.href(`/p/${encodeURIComponent(variant.uri)}`)}
                className={styles.variant}
                title={variant.title}
              >
                {variant.label}
                {variant.price != null ? <small>{formatMoney(variant.price)}</small> : null}
              </HrefLink>
            </li>
          ),
        )}
      </ul>
    </section>
  )
}
