import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useStoreLocation } from '../../url/store-location'
import { useProfile } from '../../session/session'
import { buttonClassName } from '../../ui/button'
import { OrderRow } from './orders-page'
import { bonusQuery, cardsQuery, ordersQuery, promoCodesQuery } from './queries'
import styles from './account.module.css'

/** Spec 2.6: the account's home: who is signed in, bonuses, coupons, cards and the latest orders. */
export function OverviewPage() {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  const profile = useProfile()
  const bonus = useQuery(bonusQuery(profile?.tdid)).data
  const coupons = useQuery(promoCodesQuery()).data
  const cards = useQuery(cardsQuery()).data
  const orders = useInfiniteQuery(ordersQuery({})).data?.pages[0]
  const name = profile?.firstname || t`покупатель`
  return (
    <>
      <section className={styles.card} data-testid="overview">
        <h2 data-testid="overview-greeting">{t`Здравствуйте, ${name}!`}</h2>
        <div className={styles.stats}>
          <Link to="/{-$city}/my-account/my-caps" params={{ city: prefix }} className={styles.stat}>
            <span className={styles.muted}>{t`Бонусы`}</span>
            <span className={styles.statValue}>{bonus ? bonus.bonusAccessible : '…'}</span>
          </Link>
          <Link to="/{-$city}/my-account/mycoupons" params={{ city: prefix }} className={styles.stat}>
            <span className={styles.muted}>{t`Промокоды`}</span>
            <span className={styles.statValue}>{coupons ? coupons.length : '…'}</span>
          </Link>
          <Link to="/{-$city}/my-account/cards" params={{ city: prefix }} className={styles.stat}>
            <span className={styles.muted}>{t`Карты`}</span>
            <span className={styles.statValue}>{cards ? cards.cards.length : '…'}</span>
          </Link>
          <Link to="/{-$city}/my-account/orders-list" params={{ city: prefix }} className={styles.stat}>
            <span className={styles.muted}>{t`Заказы`}</span>
            <span className={styles.statValue}>{orders ? orders.count : '…'}</span>
          </Link>
        </div>
      </section>
      <section className={styles.card}>
        <div className={styles.cardHead}>
          <h2>{t`Последние заказы`}</h2>
          <Link
            to="/{-$city}/my-account/orders-list"
            params={{ city: prefix }}
            className={buttonClassName({ variant: 'secondary', size: 's' })}
          >
            {t`Все заказы`}
          </Link>
        </div>
        {orders?.orders.length ? (
          <ul className={styles.list}>
            {orders.orders.slice(0, 3).map((o) => (
              <OrderRow key={o.order_id} order={o} />
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t`Заказов пока нет.`}</p>
        )}
      </section>
    </>
  )
}
