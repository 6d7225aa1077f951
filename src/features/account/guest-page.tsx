import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useStoreLocation } from '../../url/store-location'
import { useSignedIn } from '../../session/session'
import { buttonClassName } from '../../ui/button'
import { BonusTable } from './bonuses-page'
import { readSentNotice } from './guest-offer/state'
import { bonusQuery } from './queries'
import styles from './account.module.css'

/** Spec 2.6, 6: what a guest sees of the account: their promo code from the offer and what an account gives. */
export function GuestPage() {
  const { t } = useLingui()
  const { prefix, href } = useStoreLocation()
  const signedIn = useSignedIn()
  const [sent] = useState(readSentNotice)
  const bonus = useQuery(bonusQuery(undefined)).data
  return (
    <>
      {sent ? (
        <section className={styles.card} data-testid="guest-promo">
          <h2>{t`Ваш персональный промокод`}</h2>
          <p data-testid="guest-promo-sent">{t`Мы отправили промокод в SMS на номер ${sent.sentTo}.`}</p>
          <p
            className={styles.muted}
          >{t`Промокод привязан к вашему номеру: войдите с ним, и он появится в разделе «Мои купоны».`}</p>
        </section>
      ) : null}
      <section className={styles.card}>
        <h2>{signedIn ? t`Вы уже вошли` : t`Войдите, чтобы получить больше`}</h2>
        <p>{t`В личном кабинете — история заказов, бонусы за покупки, сохранённые адреса, получатели и карты.`}</p>
        <div className={styles.actions}>
          {signedIn ? (
            <Link to="/{-$city}/my-account/overview" params={{ city: prefix }} className={buttonClassName()}>
              {t`В личный кабинет`}
            </Link>
          ) : (
            <Link
              to="/{-$city}/login"
              params={{ city: prefix }}
              search={{ redirect: href('/my-account/mycoupons') }}
              className={buttonClassName()}
              data-testid="guest-sign-in"
            >
              {t`Войти или зарегистрироваться`}
            </Link>
          )}
        </div>
      </section>
      {bonus ? (
        <section className={styles.card}>
          <h2>{t`Бонусная программа`}</h2>
          <BonusTable bonus={bonus} />
        </section>
      ) : null}
    </>
  )
}
