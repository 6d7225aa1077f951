import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useRef, useState, type FormEvent } from 'react'
import type { PreorderProduct } from '../../../contract/preorders'
import type { Profile } from '../../../contract/account'
import { isApiError } from '../../data/api-error'
import { formatMoney } from '../../i18n/format'
import { PageFrame } from '../../page/page-frame'
import { useProfile } from '../../session/session'
import { useStoreLocation } from '../../url/store-location'
import { Button, buttonClassName } from '../../ui/button'
import { Input } from '../../ui/input'
import { Skeleton } from '../../ui/skeleton'
import { digitsFromInput, formatPhone } from '../auth'
import { isoDateText } from './dates'
import { failureText } from './messages'
import {
  askToBeTold,
  createPreorder,
  pickupPointsQuery,
  preorderCalculationQuery,
  preorderProductQuery,
} from './preorder-api'
import { orderFailure } from './rules'
import styles from './checkout.module.css'

type Method = 'card_payment' | 'kaspi_qr_payment'

/**
 * A pre-order (purchase flow 7): the product not on the shelves yet, when it is expected and what is
 * paid now. A signed-in shopper chooses the store to pick it up at and pays the prepayment by card or
 * QR; anyone may ask to be told when it arrives.
 */
export function PreorderPage({ sku }: { sku: string }) {
  const { t } = useLingui()
  const { cityId, lang } = useStoreLocation()
  const terms = useQuery(preorderProductQuery(sku, cityId, lang))
  const profile = useProfile()

  let body
  if (terms.isPending) body = <Skeleton height={280} radius={16} />
  else if (terms.isError)
    body = (
      <p className={styles.warning} role="alert" data-testid="preorder-error">
        {isApiError(terms.error, [400, 404])
          ? t`Этот товар не продаётся по предзаказу.`
          : t`Не удалось загрузить условия предзаказа. Попробуйте ещё раз.`}
      </p>
    )
  else
    body = (
      <div className={styles.layout}>
        <div className={styles.main}>
          <ProductTerms product={terms.data} />
          {profile === undefined ? (
            <Skeleton height={200} radius={16} />
          ) : profile === null ? (
            <SignInToPreorder sku={sku} />
          ) : terms.data.is_available ? (
            <PreorderForm product={terms.data} profile={profile} />
          ) : (
            <p className={styles.warning} data-testid="preorder-unavailable">
              {t`В этом городе товар по предзаказу не оформить.`}
            </p>
          )}
        </div>
        <aside className={styles.side}>
          <NotifyMe sku={sku} signedIn={Boolean(profile)} />
        </aside>
      </div>
    )
  return (
    <PageFrame title={t`Предзаказ`} testId="preorder-page">
      {body}
    </PageFrame>
  )
}

function ProductTerms({ product }: { product: PreorderProduct }) {
  const { t } = useLingui()
  const location = useStoreLocation()
  const date = isoDateText(product.expected_date)
  const percent = product.prepayment_percent
  return (
    <section className={styles.card} data-testid="preorder-terms">
      <div className={styles.recap}>
        {product.image ? <img src={product.image} alt="" width={104} height={104} /> : null}
        <div className={styles.recapText}>
          <Link
            to="/{-$city}/p/$uri"
            params={{ city: location.prefix, uri: product.uri }}
            className={styles.cardTitle}
            data-testid="preorder-title"
          >
            {product.title}
          </Link>
          <strong data-testid="preorder-price">{formatMoney(product.price)}</strong>
        </div>
      </div>
      <dl className={styles.facts}>
        <dt>{t`Ожидается`}</dt>
        <dd data-testid="preorder-date">{t`к ${date}`}</dd>
        <dt>{t`Предоплата`}</dt>
        <dd data-testid="preorder-prepayment">
          {percent === 100
            ? t`${formatMoney(product.prepayment)}: вся стоимость при оформлении`
            : t`${formatMoney(product.prepayment)} (${percent}%) при оформлении, остальное при получении`}
        </dd>
        <dt>{t`Получение`}</dt>
        <dd>{t`Самовывоз из магазина, когда товар поступит. Мы пришлём SMS.`}</dd>
      </dl>
    </section>
  )
}

function SignInToPreorder({ sku }: { sku: string }) {
  const { t } = useLingui()
  const location = useStoreLocation()
  return (
    <section className={styles.card} data-testid="preorder-sign-in">
      <p>{t`Войдите, чтобы оформить предзаказ.`}</p>
      <div className={styles.actions}>
        <Link
          to="/{-$city}/login"
          params={{ city: location.prefix }}
          search={{ redirect: location.href(`/preorder/${sku}`) }}
          className={buttonClassName()}
        >
          {t`Войти`}
        </Link>
      </div>
    </section>
  )
}

function PreorderForm({ product, profile }: { product: PreorderProduct; profile: Profile }) {
  const { t, i18n } = useLingui()
  const { cityId, lang } = useStoreLocation()
  const points = useQuery(pickupPointsQuery(cityId, lang))
  const [quantity, setQuantity] = useState(1)
  const [pointId, setPointId] = useState<number | null>(null)
  const [method, setMethod] = useState<Method>('card_payment')
  const [firstname, setFirstname] = useState(profile.firstname)
  const [lastname, setLastname] = useState(profile.lastname)
  const [phone, setPhone] = useState(profile.phone.replace(/\D/g, '').slice(1))
  const attempt = useRef<string | null>(null)

  const receiver = {
    firstname: firstname.trim(),
    lastname: lastname.trim(),
    phone: `7${phone}`,
    isOrganization: false,
  }
  const request =
    pointId === null
      ? null
      : {
          city_id: cityId,
          sku: product.sku,
          quantity,
          receiver,
          service_point_id: pointId,
          payment_method: method,
        }
  const ready =
    request !== null && receiver.firstname !== '' && receiver.lastname !== '' && phone.length === 10
  const calculation = useQuery({
    ...preorderCalculationQuery(request ?? ({} as never)),
    enabled: ready,
  })

  const place = useMutation({
    mutationFn: () => {
      attempt.current ??= crypto.randomUUID()
      return createPreorder(
        { ...request!, expected_sum_to_pay: calculation.data!.calculation.sumToPay },
        attempt.current,
      )
    },
    onSuccess: (created) => {
      const next = created.payment.redirect_url
      if (next) window.location.assign(next)
    },
    onError: () => {
      attempt.current = null
    },
  })
  // a change of what is ordered is another attempt
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      attempt.current = null
      place.reset()
      set(value)
    }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (ready && calculation.data) place.mutate()
  }
  const open = (points.data ?? []).filter((p) => p.isActive)
  const sums = calculation.data?.calculation
  return (
    <form className={styles.card} onSubmit={submit} data-testid="preorder-form" noValidate>
      <h2 className={styles.subTitle}>{t`Оформить предзаказ`}</h2>
      {product.max_quantity > 1 ? (
        <label className={styles.field}>
          <span className={styles.label}>{t`Количество`}</span>
          <select
            value={quantity}
            onChange={(e) => change(setQuantity)(Number(e.target.value))}
            className={styles.select}
            data-testid="preorder-quantity"
          >
            {Array.from({ length: product.max_quantity }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className={styles.form}>
        <Input
          label={t`Имя`}
          value={firstname}
          onChange={(e) => change(setFirstname)(e.target.value)}
          autoComplete="given-name"
          data-testid="preorder-firstname"
        />
        <Input
          label={t`Фамилия`}
          value={lastname}
          onChange={(e) => change(setLastname)(e.target.value)}
          autoComplete="family-name"
          data-testid="preorder-lastname"
        />
        <Input
          label={t`Телефон`}
          value={formatPhone(phone)}
          inputMode="tel"
          onChange={(e) => change(setPhone)(digitsFromInput(e.target.value))}
        />
      </div>

      <fieldset className={styles.options} data-testid="preorder-points">
        <legend className={styles.subTitle}>{t`Магазин получения`}</legend>
        {points.isPending ? <Skeleton height={48} /> : null}
        {points.isError ? <p className={styles.error}>{t`Не удалось загрузить магазины.`}</p> : null}
        {open.map((point) => (
          <label key={point.id} className={styles.option}>
            <input
              type="radio"
              name="preorder-point"
              checked={pointId === point.id}
              onChange={() => change(setPointId)(point.id)}
              data-testid="preorder-point"
            />
            <span className={styles.optionText}>
              <strong>{point.title}</strong>
              <span className={styles.muted}>{point.address}</span>
            </span>
            <span />
          </label>
        ))}
      </fieldset>

      <fieldset className={styles.options} data-testid="preorder-methods">
        <legend className={styles.subTitle}>{t`Оплата предоплаты`}</legend>
        {(
          [
            ['card_payment', t`Картой онлайн`],
            ['kaspi_qr_payment', t`Kaspi QR`],
          ] as const
        ).map(([code, label]) => (
          <label key={code} className={styles.option}>
            <input
              type="radio"
              name="preorder-method"
              checked={method === code}
              onChange={() => change(setMethod)(code)}
              data-testid={`preorder-${code}`}
            />
            <span className={styles.optionText}>
              <strong>{label}</strong>
            </span>
            <span />
          </label>
        ))}
      </fieldset>

      {calculation.isError ? (
        <p className={styles.error} role="alert">
          {failureText(i18n, orderFailure(calculation.error))}
        </p>
      ) : null}
      {sums ? (
        <dl className={styles.sums} data-testid="preorder-sums">
          <div className={styles.sumRow}>
            <dt>{t`Стоимость`}</dt>
            <dd>{formatMoney(sums.grandTotal)}</dd>
          </div>
          <div className={styles.sumRow}>
            <dt>{t`При получении`}</dt>
            <dd data-testid="preorder-rest">{formatMoney(sums.grandTotal - sums.prepayment)}</dd>
          </div>
          <div className={`${styles.sumRow} ${styles.total}`}>
            <dt>{t`К оплате сейчас`}</dt>
            <dd data-testid="preorder-to-pay" data-amount={sums.sumToPay}>
              {formatMoney(sums.sumToPay)}
            </dd>
          </div>
        </dl>
      ) : (
        <p className={styles.muted}>{t`Выберите магазин, чтобы увидеть расчёт.`}</p>
      )}
      {place.isError ? (
        <p className={styles.error} role="alert" data-testid="preorder-failure">
          {failureText(i18n, orderFailure(place.error))}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          type="submit"
          disabled={!sums || place.isPending || place.isSuccess}
          data-testid="preorder-submit"
        >
          {sums ? t`Оформить и оплатить ${formatMoney(sums.sumToPay)}` : t`Оформить предзаказ`}
        </Button>
      </div>
    </form>
  )
}

function NotifyMe({ sku, signedIn }: { sku: string; signedIn: boolean }) {
  const { t } = useLingui()
  const { cityId } = useStoreLocation()
  const [phone, setPhone] = useState('')
  const ask = useMutation({ mutationFn: () => askToBeTold(sku, cityId, signedIn ? undefined : `7${phone}`) })
  return (
    <section className={styles.card} data-testid="preorder-notify">
      <h2 className={styles.subTitle}>{t`Сообщить о поступлении`}</h2>
      {ask.isSuccess ? (
        <p className={styles.notice} role="status" data-testid="preorder-notify-done">
          {t`Пришлём SMS на ${ask.data.phone}, когда товар поступит в продажу.`}
        </p>
      ) : (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault()
            ask.mutate()
          }}
        >
          {signedIn ? (
            <p className={styles.muted}>{t`Пришлём SMS на номер из профиля.`}</p>
          ) : (
            <Input
              label={t`Телефон`}
              value={formatPhone(phone)}
              inputMode="tel"
              onChange={(e) => setPhone(digitsFromInput(e.target.value))}
              data-testid="preorder-notify-phone"
            />
          )}
          {ask.isError ? (
            <p className={styles.error} role="alert">
              {t`Не удалось выполнить операцию. Проверьте номер и попробуйте ещё раз.`}
            </p>
          ) : null}
          <Button
            type="submit"
            variant="secondary"
            disabled={ask.isPending || (!signedIn && phone.length !== 10)}
            data-testid="preorder-notify-submit"
          >
            {t`Сообщить мне`}
          </Button>
        </form>
      )}
    </section>
  )
}
