import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { QrPayment } from '../../../contract/checkout'
import { isApiError } from '../../data/api-error'
import { formatMoney } from '../../i18n/format'
import { PageFrame } from '../../page/page-frame'
import { useStoreLocation } from '../../url/store-location'
import { Button, buttonClassName } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { useCountdown } from '../auth'
import { qrPaymentQuery } from './api'
import { failureText } from './messages'
import { orderFailure } from './rules'
import styles from './checkout.module.css'

/** The QR payment is asked again this often until it is no longer pending. */
export const QR_POLL_MS = 2_000

/** The provider's SVG as an image: shown, never inserted into the page as markup. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`

function Countdown({ until }: { until: string }) {
  const { t } = useLingui()
  const seconds = useCountdown(Date.parse(until))
  const minutes = Math.floor(seconds / 60)
  const rest = String(seconds % 60).padStart(2, '0')
  return (
    <p className={styles.muted} data-testid="qr-expires">
      {seconds > 0 ? t`Код действует ещё ${minutes}:${rest}` : t`Срок действия кода истёк`}
    </p>
  )
}

function QrPanel({ payment }: { payment: QrPayment }) {
  const { t } = useLingui()
  return (
    <section className={`${styles.card} ${styles.qr}`} data-testid="qr-payment" data-status={payment.status}>
      <img
        className={styles.qrImage}
        src={svgDataUrl(payment.svg)}
        alt={t`QR-код для оплаты заказа`}
        width={280}
        height={280}
        data-testid="qr-image"
      />
      <div className={styles.main}>
        <p className={styles.muted}>{t`К оплате`}</p>
        <p className={styles.amount} data-testid="qr-amount" data-amount={payment.amount}>
          {formatMoney(payment.amount)}
        </p>
        <div className={styles.actions}>
          <a className={buttonClassName()} href={payment.payload} data-testid="qr-open">
            {t`Открыть на этом устройстве`}
          </a>
        </div>
        <Countdown until={payment.expires_at} />
        <ol className={styles.qrSteps}>
          <li>{t`Откройте приложение Kaspi.kz на телефоне`}</li>
          <li>{t`Выберите «Kaspi QR» и наведите камеру на код`}</li>
          <li>{t`Подтвердите платёж — эта страница обновится сама`}</li>
        </ol>
      </div>
    </section>
  )
}

/**
 * `/kaspi-qr?orderId=`: the QR code of the order's payment, its amount, and a link that opens the
 * payment on this device. The page asks every 2 s how the payment stands and goes to the result once it
 * is paid, cancelled or expired.
 */
export function KaspiQrPage({ orderId }: { orderId?: string }) {
  const { t, i18n } = useLingui()
  const { prefix } = useStoreLocation()
  const navigate = useNavigate()
  const query = useQuery({
    ...qrPaymentQuery(orderId ?? ''),
    enabled: Boolean(orderId),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'pending' ? false : QR_POLL_MS),
    refetchIntervalInBackground: true,
  })
  const status = query.data?.status

  useEffect(() => {
    if (!orderId || !status || status === 'pending') return
    void navigate({
      to: '/{-$city}/checkout/$step',
      params: { city: prefix, step: 'result' },
      search: { status: status === 'paid' ? 'success' : 'failure', orderId },
      replace: true,
    })
  }, [status, orderId, prefix, navigate])

  let body
  if (!orderId) {
    body = (
      <p className={styles.warning} role="alert">
        {t`Не указан заказ для оплаты.`}
      </p>
    )
  } else if (query.isPending) {
    body = <Skeleton height={320} radius={16} />
  } else if (query.isError && !query.data) {
    const missing = isApiError(query.error, [400, 403, 404])
    body = (
      <div className={styles.card} data-testid="qr-error">
        <p className={styles.error} role="alert">
          {missing
            ? t`Оплата по QR-коду для этого заказа не найдена.`
            : failureText(i18n, orderFailure(query.error))}
        </p>
        {missing ? null : (
          <div className={styles.actions}>
            <Button onClick={() => void query.refetch()}>{t`Повторить`}</Button>
          </div>
        )}
      </div>
    )
  } else if (query.data) body = <QrPanel payment={query.data} />

  return (
    <PageFrame title={t`Оплата по QR-коду`} backLinks={false} testId="kaspi-qr-page">
      {body}
      {orderId ? (
        <div className={styles.actions}>
          <Link
            to="/{-$city}/checkout/$step"
            params={{ city: prefix, step: 'result' }}
            search={{ orderId }}
            data-testid="qr-to-order"
          >
            {t`Вернуться к заказу`}
          </Link>
        </div>
      ) : null}
    </PageFrame>
  )
}
