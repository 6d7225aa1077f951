import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useStoreLocation } from '../../url/store-location'
import { SectionPage } from '../../page/section-page'
import { SECTIONS, type SectionKey } from '../../page/sections'
import styles from './account-pages.module.css'

type AccountTarget =
  | '/{-$city}/my-account/overview'
  | '/{-$city}/my-account/orders-list'
  | '/{-$city}/my-account/information'
  | '/{-$city}/my-account/address-book'
  | '/{-$city}/my-account/cards'
  | '/{-$city}/my-account/mycoupons'
  | '/{-$city}/my-account/my-caps'
  | '/{-$city}/my-account/reviews'
  | '/{-$city}/my-account/wishlist'

/** The account's sections (spec 2.6) in the order a shopper looks for them. */
const ACCOUNT_SECTIONS: readonly { to: AccountTarget; section: SectionKey }[] = [
  { to: '/{-$city}/my-account/overview', section: 'accountOverview' },
  { to: '/{-$city}/my-account/orders-list', section: 'accountOrders' },
  { to: '/{-$city}/my-account/information', section: 'accountInformation' },
  { to: '/{-$city}/my-account/address-book', section: 'accountAddresses' },
  { to: '/{-$city}/my-account/cards', section: 'accountCards' },
  { to: '/{-$city}/my-account/mycoupons', section: 'accountCoupons' },
  { to: '/{-$city}/my-account/my-caps', section: 'accountBonuses' },
  { to: '/{-$city}/my-account/reviews', section: 'accountReviews' },
  { to: '/{-$city}/my-account/wishlist', section: 'accountWishlist' },
]

export function AccountNav() {
  const { t, i18n } = useLingui()
  const { prefix } = useStoreLocation()
  return (
    <nav aria-label={t`Разделы кабинета`} className={styles.nav} data-testid="account-nav">
      <ul>
        {ACCOUNT_SECTIONS.map(({ to, section }) => (
          <li key={to}>
            <Link
              to={to}
              params={{ city: prefix }}
              className={styles.link}
              activeProps={{ className: `${styles.link} ${styles.active}`, 'aria-current': 'page' }}
            >
              {i18n._(SECTIONS[section].title)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The account area's home: its purpose and the list of its sections. */
export function AccountHomePage() {
  return <SectionPage section="account" aside={<AccountNav />} />
}

/** One section of the account area, with the section list beside it. */
export function AccountSectionPage({ section, parent }: { section: SectionKey; parent?: 'reviews' }) {
  const { t, i18n } = useLingui()
  const crumbs = [{ label: i18n._(SECTIONS.account.title), path: '/my-account' }]
  if (parent === 'reviews') crumbs.push({ label: t`Мои отзывы`, path: '/my-account/reviews' })
  return <SectionPage section={section} crumbs={crumbs} aside={<AccountNav />} />
}
