import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useDocumentTitle } from '../../app/document-title'
import { useStoreLocation } from '../../app/store-location'
import { buttonClassName } from '../../ui/button'
import { CategoryTiles } from './category-tiles'
import { CITY_NAMES } from './names'
import styles from './home-page.module.css'
import tiles from './tiles.module.css'

export function HomePage() {
  const { t, i18n } = useLingui()
  const location = useStoreLocation()
  const city = i18n._(CITY_NAMES[location.citySlug])
  useDocumentTitle(t`Электроника и бытовая техника`)
  const params = { city: location.prefix }
  return (
    <div className="page-container" data-testid="home-page">
      <section className={styles.hero}>
        <h1 className={styles.heroTitle}>{t`Электроника и бытовая техника`}</h1>
        <p className={styles.heroText}>
          {t`Смартфоны, ноутбуки, телевизоры и техника для дома с доставкой по Казахстану. Цены и наличие показаны для города ${city}.`}
        </p>
        <div className={styles.heroActions}>
          <Link
            to="/{-$city}/catalog"
            params={params}
            className={`${buttonClassName()} ${styles.heroPrimary}`}
          >
            {t`Перейти в каталог`}
          </Link>
          <Link
            to="/{-$city}/cms/promo"
            params={params}
            className={`${buttonClassName()} ${styles.heroSecondary}`}
          >
            {t`Акции`}
          </Link>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-categories">
        <h2 id="home-categories" className={styles.sectionTitle}>
          {t`Популярные категории`}
        </h2>
        <CategoryTiles />
      </section>

      <section className={styles.section} aria-labelledby="home-more">
        <h2 id="home-more" className={styles.sectionTitle}>
          {t`Ещё в магазине`}
        </h2>
        <ul className={tiles.grid}>
          <li>
            <Link to="/{-$city}/catalog/s" params={params} className={tiles.tile}>
              {t`Услуги`}
              <span className={tiles.tileNote}>{t`Установка, подключение и настройка техники`}</span>
            </Link>
          </li>
          <li>
            <Link to="/{-$city}/gift-cards" params={params} className={tiles.tile}>
              {t`Подарочные карты`}
              <span className={tiles.tileNote}>{t`Получатель сам выберет подарок`}</span>
            </Link>
          </li>
          <li>
            <Link to="/{-$city}/compare" params={params} className={tiles.tile}>
              {t`Сравнение товаров`}
              <span className={tiles.tileNote}>{t`Характеристики выбранных товаров рядом`}</span>
            </Link>
          </li>
          <li>
            <Link to="/{-$city}/b" params={params} className={tiles.tile}>
              {t`Бренды`}
              <span className={tiles.tileNote}>{t`Товары любимых производителей`}</span>
            </Link>
          </li>
        </ul>
      </section>
    </div>
  )
}
