import { useLingui } from '@lingui/react/macro'
import styles from './account.module.css'

/** The wishlist arrives with its own feature; until then the section says so plainly. */
export function ComingWithFeature({ feature }: { feature: 'wishlist' }) {
  const { t } = useLingui()
  return (
    <section className={styles.card} data-testid={`placeholder-${feature}`}>
      <p>{t`Здесь появится ваше избранное, когда в магазине заработает список избранных товаров.`}</p>
    </section>
  )
}
