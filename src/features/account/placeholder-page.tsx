import { useLingui } from '@lingui/react/macro'
import styles from './account.module.css'

/** Reviews and wishlist arrive with their own features; until then the section says so plainly. */
export function ComingWithFeature({ feature }: { feature: 'reviews' | 'wishlist' }) {
  const { t } = useLingui()
  return (
    <section className={styles.card} data-testid={`placeholder-${feature}`}>
      <p>
        {feature === 'reviews'
          ? t`Здесь появятся ваши отзывы о товарах, сгруппированные по статусу модерации, когда в магазине заработают отзывы.`
          : t`Здесь появится ваше избранное, когда в магазине заработает список избранных товаров.`}
      </p>
    </section>
  )
}
