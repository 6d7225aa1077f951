import { useLingui } from '@lingui/react/macro'
import { HrefLink } from '../../url/href-link'
import { useStoreLocation } from '../../url/store-location'
import styles from './breadcrumbs.module.css'
import type { Crumb } from './structured-data'

export interface BreadcrumbsProps {
  /** The catalogue's path to the product, from the top category down; paths have no city prefix. */
  crumbs: readonly Crumb[]
  /** The page itself, last and not a link. */
  current: string
}

/** "Главная › Смартфоны и гаджеты › Смартфоны › the product", each link kept in the shopper's city and language. */
export function Breadcrumbs({ crumbs, current }: BreadcrumbsProps) {
  const { t } = useLingui()
  const location = useStoreLocation()
  return (
    <nav className={styles.crumbs} aria-label={t`Вы здесь`} data-testid="breadcrumbs">
      <ol>
        <li>
          <HrefLink href={location.href('/')}>{t`Главная`}</HrefLink>
        </li>
        {crumbs.map((crumb) => (
          <li key={crumb.path}>
            <HrefLink href={location.href(crumb.path)}>{crumb.title}</HrefLink>
          </li>
        ))}
        <li aria-current="page" className={styles.current}>
          {current}
        </li>
      </ol>
    </nav>
  )
}
