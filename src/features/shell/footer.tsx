import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { STORE_NAME } from '../../head/document-title'
import { useStoreLocation } from '../../url/store-location'
import { CityLinks } from './city-picker'
import { LangSwitch } from './lang-switch'
import { HELP_PAGES, MAIN_CATEGORIES } from '../../page/names'
import styles from './footer.module.css'

export function Footer() {
  const { t, i18n } = useLingui()
  const { prefix } = useStoreLocation()
  const year = new Date().getFullYear()
  return (
    <footer className={styles.footer} data-testid="footer">
      <div className={`page-container ${styles.columns}`}>
        <section className={styles.about}>
          <p className={styles.brand}>{STORE_NAME}</p>
          <p>{t`Электроника и бытовая техника с доставкой по Казахстану.`}</p>
          <p>{t`Магазины в Алматы, Астане, Шымкенте и Актобе. Цены и наличие — для выбранного города.`}</p>
        </section>
        <nav className={styles.column} aria-labelledby="footer-catalog">
          <h2 id="footer-catalog" className={styles.heading}>
            {t`Каталог`}
          </h2>
          <ul className={styles.links}>
            {MAIN_CATEGORIES.slice(0, 5).map((category) => (
              <li key={category.slug}>
                <Link to="/{-$city}/catalog/$" params={{ city: prefix, _splat: category.slug }}>
                  {i18n._(category.name)}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/{-$city}/catalog/s" params={{ city: prefix }}>
                {t`Услуги`}
              </Link>
            </li>
          </ul>
        </nav>
        <nav className={styles.column} aria-labelledby="footer-help">
          <h2 id="footer-help" className={styles.heading}>
            {t`Покупателям`}
          </h2>
          <ul className={styles.links}>
            {HELP_PAGES.map((page) => (
              <li key={page.slug}>
                <Link to="/{-$city}/cms/$slug" params={{ city: prefix, slug: page.slug }}>
                  {i18n._(page.title)}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/{-$city}/cms/promo" params={{ city: prefix }}>
                {t`Акции`}
              </Link>
            </li>
            <li>
              <Link to="/{-$city}/gift-cards" params={{ city: prefix }}>
                {t`Подарочные карты`}
              </Link>
            </li>
          </ul>
        </nav>
        <section className={styles.column} aria-labelledby="footer-city">
          <h2 id="footer-city" className={styles.heading}>
            {t`Город`}
          </h2>
          <CityLinks className={styles.links} testIdPrefix="footer-" />
          <h2 className={`${styles.heading} ${styles.langHeading}`}>{t`Язык`}</h2>
          <LangSwitch full testIdPrefix="footer-" />
        </section>
      </div>
      <div className={styles.bottom}>
        <p className="page-container">
          © {year} {STORE_NAME}
        </p>
      </div>
    </footer>
  )
}
