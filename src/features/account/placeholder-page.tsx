import { useLingui } from '@lingui/react/macro'
import styles from './account.module.css'

/** Reviews arrive with their own feature; until then the section says so plainly. */
export function ComingWithFeature({ feature }: { feature: 'reviews' }) {
  const { t } = useLingui()
  return (
    <section className={styles.card} data-testid={`placeholder-${feature}`}>
      <p>
        {t`Здесь появятся ваши отзывы о товарах, сгруппированные по статусу модерации, когда в магазине заработают отзывы.`}
      </p>
    </section>
  )
}
