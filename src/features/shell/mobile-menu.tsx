import { useLingui } from '@lingui/react/macro'
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { sessionAtom } from '../../atoms/session'
import { useDocumentTitle } from '../../head/document-title'
import { useStoreLocation } from '../../url/store-location'
import { IconButton } from '../../ui/button'
import { ChevronRightIcon, CloseIcon } from '../../ui/icons'
import { CityLinks } from './city-picker'
import { LangSwitch } from './lang-switch'
import { HELP_PAGES, MAIN_CATEGORIES } from '../../page/names'
import styles from './mobile-menu.module.css'

/** The phone menu at /menu (spec 2.1): the catalogue, the shopper's lists, help, city and language. */
export function MobileMenuPage() {
  const { t, i18n } = useLingui()
  const router = useRouter()
  const canGoBack = useCanGoBack()
  const location = useStoreLocation()
  const session = useAtomValue(sessionAtom)
  const params = { city: location.prefix }
  useDocumentTitle(t`Меню`)

  const close = () => {
    if (canGoBack) router.history.back()
    else void router.navigate({ href: location.href('/') })
  }

  return (
    <div className={`page-container ${styles.menu}`} data-testid="mobile-menu">
      <div className={styles.top}>
        <h1 className={styles.title}>{t`Меню`}</h1>
        <IconButton label={t`Закрыть меню`} onClick={close}>
          <CloseIcon />
        </IconButton>
      </div>

      <section aria-labelledby="menu-catalog" className={styles.group}>
        <h2 id="menu-catalog" className={styles.groupTitle}>
          {t`Каталог`}
        </h2>
        <ul className={styles.list}>
          <li>
            <Link to="/{-$city}/catalog" params={params} className={`${styles.item} ${styles.itemStrong}`}>
              {t`Все категории`}
              <ChevronRightIcon size="S" />
            </Link>
          </li>
          {MAIN_CATEGORIES.map((category) => (
            <li key={category.slug}>
              <Link
                to="/{-$city}/catalog/$"
                params={{ ...params, _splat: category.slug }}
                className={styles.item}
              >
                {i18n._(category.name)}
                <ChevronRightIcon size="S" />
              </Link>
            </li>
          ))}
          <li>
            <Link to="/{-$city}/catalog/s" params={params} className={styles.item}>
              {t`Услуги`}
              <ChevronRightIcon size="S" />
            </Link>
          </li>
          <li>
            <Link
              to="/{-$city}/configurator"
              params={params}
              className={styles.item}
              data-testid="menu-configurator"
            >
              {t`Конфигуратор ПК`}
              <ChevronRightIcon size="S" />
            </Link>
          </li>
        </ul>
      </section>

      <section aria-labelledby="menu-mine" className={styles.group}>
        <h2 id="menu-mine" className={styles.groupTitle}>
          {t`Мои покупки`}
        </h2>
        <ul className={styles.list}>
          <li>
            <Link to="/{-$city}/cart" params={params} className={styles.item}>
              {t`Корзина`}
              <ChevronRightIcon size="S" />
            </Link>
          </li>
          <li>
            <Link to="/{-$city}/my-account/wishlist" params={params} className={styles.item}>
              {t`Избранное`}
              <ChevronRightIcon size="S" />
            </Link>
          </li>
          <li>
            <Link to="/{-$city}/compare" params={params} className={styles.item}>
              {t`Сравнение товаров`}
              <ChevronRightIcon size="S" />
            </Link>
          </li>
          <li>
            {session.signedIn ? (
              <Link to="/{-$city}/my-account" params={params} className={styles.item}>
                {t`Личный кабинет`}
                <ChevronRightIcon size="S" />
              </Link>
            ) : (
              <Link to="/{-$city}/login" params={params} className={styles.item}>
                {t`Войти`}
                <ChevronRightIcon size="S" />
              </Link>
            )}
          </li>
        </ul>
      </section>

      <section aria-labelledby="menu-help" className={styles.group}>
        <h2 id="menu-help" className={styles.groupTitle}>
          {t`Покупателям`}
        </h2>
        <ul className={styles.list}>
          <li>
            <Link to="/{-$city}/cms/promo" params={params} className={styles.item}>
              {t`Акции`}
              <ChevronRightIcon size="S" />
            </Link>
          </li>
          <li>
            <Link to="/{-$city}/gift-cards" params={params} className={styles.item}>
              {t`Подарочные карты`}
              <ChevronRightIcon size="S" />
            </Link>
          </li>
          {HELP_PAGES.map((page) => (
            <li key={page.slug}>
              <Link to="/{-$city}/cms/$slug" params={{ ...params, slug: page.slug }} className={styles.item}>
                {i18n._(page.title)}
                <ChevronRightIcon size="S" />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="menu-city" className={styles.group}>
        <h2 id="menu-city" className={styles.groupTitle}>
          {t`Город`}
        </h2>
        <CityLinks className={styles.cities} testIdPrefix="menu-" />
      </section>

      <section aria-labelledby="menu-lang" className={styles.group}>
        <h2 id="menu-lang" className={styles.groupTitle}>
          {t`Язык`}
        </h2>
        <LangSwitch full testIdPrefix="menu-" />
      </section>
    </div>
  )
}
