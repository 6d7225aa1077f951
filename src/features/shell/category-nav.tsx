import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useStoreLocation } from '../../url/store-location'
import { MAIN_CATEGORIES } from '../../page/names'
import styles from './header.module.css'

/** The row of main categories under the header; scrolls sideways on a phone. */
export function CategoryNav() {
  const { t, i18n } = useLingui()
  const { prefix } = useStoreLocation()
  return (
    <nav className={styles.categories} aria-label={t`Популярные категории`}>
      <ul className={`page-container ${styles.categoryList}`}>
        {MAIN_CATEGORIES.map((category) => (
          <li key={category.slug}>
            <Link
              to="/{-$city}/catalog/$"
              params={{ city: prefix, _splat: category.slug }}
              className={styles.categoryLink}
              activeProps={{
                className: `${styles.categoryLink} ${styles.categoryLinkActive}`,
                'aria-current': 'page',
              }}
              data-testid="header-category-link"
              data-category={category.slug}
            >
              {i18n._(category.name)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
