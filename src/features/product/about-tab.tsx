import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { Product } from '../../../contract/catalog'
import { useStoreLocation } from '../../url/store-location'
import { aboutQuery } from './queries'
import styles from './product-page.module.css'

export interface AboutTabProps {
  product: Product
  /** When the product was fetched: the about data inside it is as fresh as that. */
  productUpdatedAt: number
}

/** Splits a plain-text description into its paragraphs (blank lines, or single line breaks). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n|\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
}

/**
 * The description and the key characteristics. The product answer already carries the about data, so it
 * seeds the about query and nothing is fetched again until it is stale.
 */
export function AboutTab({ product, productUpdatedAt }: AboutTabProps) {
  const { t } = useLingui()
  const { lang } = useStoreLocation()
  const { data } = useQuery({
    ...aboutQuery(product.sku, lang),
    initialData: {
      sku: product.sku,
      description: product.description,
      short_description: product.short_description,
      spec_groups: product.spec_groups,
    },
    initialDataUpdatedAt: productUpdatedAt,
  })
  const highlights = data.short_description.filter((item) => item.values.length > 0 || item.description)
  return (
    <div className={styles.about} data-testid="product-about">
      {highlights.length > 0 ? (
        <section>
          <h2 className={styles.sectionTitle}>{t`Коротко о товаре`}</h2>
          <dl className={styles.highlights}>
            {highlights.map((item) => (
              <div key={item.code}>
                <dt>{item.title}</dt>
                <dd>
                  {item.values.length > 0
                    ? item.values.map((v) => v.value || v.value_ru).join(', ')
                    : item.description}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <section>
        <h2 className={styles.sectionTitle}>{t`Описание`}</h2>
        {paragraphs(data.description).map((paragraph, i) => (
          <p key={i} className={styles.paragraph}>
            {paragraph}
          </p>
        ))}
      </section>
    </div>
  )
}
