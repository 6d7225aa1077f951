import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useStoreLocation } from '../../app/store-location'
import { ChevronRightIcon } from '../../ui/icons'
import { MAIN_CATEGORIES } from './names'
import styles from './tiles.module.css'

/** The main categories as tiles, for the home and catalogue pages. */
export function CategoryTiles() {
  const { i18n } = useLingui()
  const { prefix } = useStoreLocation()
  return (
    <ul className={styles.grid}>
      {MAIN_CATEGORIES.map((category) => (
        <li key={category.slug}>
          <Link
            to="/{-$city}/catalog/$"
            params={{ city: prefix, _splat: category.slug }}
            className={styles.tile}
            data-testid="category-tile"
          >
            {i18n._(category.name)}
            <ChevronRightIcon size="S" className={styles.tileArrow} />
          </Link>
        </li>
      ))}
    </ul>
  )
}
