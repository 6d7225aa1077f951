import { Skeleton } from '../../ui/skeleton'
import styles from './recommendations.module.css'

/**
 * Three rows of grey tiles shaped like the recommendations (same heading, tile and price heights), shown
 * while their code and data load, so the footer does not jump when they arrive.
 */
export function RecommendationsPlaceholder() {
  return (
    <>
      {[0, 1, 2].map((row) => (
        <section key={row} className={styles.row} aria-hidden="true">
          <div className={styles.head}>
            <Skeleton height={30} width={240} />
          </div>
          <ul className={styles.strip}>
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <li key={i}>
                <div className={styles.tile}>
                  <Skeleton className={styles.imageSkeleton} height="auto" />
                  <Skeleton className={styles.title} height="auto" />
                  <Skeleton className={styles.priceSkeleton} height={30} width="60%" />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  )
}
