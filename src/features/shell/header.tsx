import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useStoreLocation } from '../../url/store-location'
import { useSessionSync } from '../../session/session'
import { CatalogIcon, MenuIcon } from '../../ui/icons'
import { CategoryNav } from './category-nav'
import { CityPicker } from './city-picker'
import { HeaderCounters } from './counters'
import { LangSwitch } from './lang-switch'
import { Logo } from './logo'
import { HELP_PAGES } from '../../page/names'
import styles from './header.module.css'
import { Suspense, type ComponentType } from 'react'

const TOP_BAR_HELP = new Set(['delivery', 'payment', 'warranty'])

export interface HeaderProps {
  /** The search field, which features/search owns: the root route passes it in through the shell. */
  SearchBox: ComponentType<{ className?: string }>
  /** The information centre's bell, which features/notifications owns. */
  Bell: ComponentType
}

export function Header({ SearchBox, Bell }: HeaderProps) {
  const { t, i18n } = useLingui()
  const { prefix } = useStoreLocation()
  // The header is on every page: it keeps the signed-in state its account link shows up to date.
  useSessionSync()
  return (
    <header className={styles.header}>
      <div className={styles.topBar}>
        <div className={`page-container ${styles.topBarInner}`}>
          <Suspense>
            <CityPicker />
          </Suspense>
          <nav className={styles.topLinks} aria-label={t`Покупателям`}>
            {HELP_PAGES.filter((page) => TOP_BAR_HELP.has(page.slug)).map((page) => (
              <Link key={page.slug} to="/{-$city}/cms/$slug" params={{ city: prefix, slug: page.slug }}>
                {i18n._(page.title)}
              </Link>
            ))}
            <Link to="/{-$city}/cms/promo" params={{ city: prefix }}>
              {t`Акции`}
            </Link>
          </nav>
          <LangSwitch />
        </div>
      </div>
      <div className={`page-container ${styles.mainRow}`}>
        <Link
          to="/{-$city}/menu"
          params={{ city: prefix }}
          className={styles.menuButton}
          aria-label={t`Меню`}
          title={t`Меню`}
          data-testid="menu-button"
        >
          <MenuIcon />
        </Link>
        <Logo />
        <Link
          to="/{-$city}/catalog"
          params={{ city: prefix }}
          className={styles.catalogButton}
          data-testid="catalog-button"
        >
          <CatalogIcon size="M" />
          <span className={styles.catalogText}>{t`Каталог`}</span>
        </Link>
        <Suspense>
          <SearchBox className={styles.search} />
        </Suspense>
        <Suspense>
          <Bell />
        </Suspense>
        <Suspense>
          <HeaderCounters />
        </Suspense>
      </div>
      <Suspense>
        <CategoryNav />
      </Suspense>
    </header>
  )
}
