import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { OrderDetail } from '../../../contract/checkout'
import type { PickupCode } from '../../../contract/order-pickup'
import { PICKUP_CODE_STATUSES, PICKUP_SHIPPING_TYPES } from '../../../contract/values/order-pickup'
import { clockText, storeTime } from '../../i18n/store-clock'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { pickupCodeKey, pickupCodeQuery, refreshPickupCode } from './pickup-api'
import { actionFailure } from './pickup-messages'
import styles from './order-actions.module.css'

/** The code's SVG as an image: shown, never inserted into the page as markup. */
const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`

/** `123456` → `123 456`, easier to read out at the counter. */
const digitsText = (code: string) => code.replace(/^(\d{3})(\d{3})$/, '$1 $2')

/** Ask again a second after the code expires: the server then answers a new one. */
const untilExpiry = (code: PickupCode | undefined) =>
  code ? Math.max(1_000, Date.parse(code.expires_at) - Date.now() + 1_000) : false

function CodePanel({ code }: { code: PickupCode }) {
  const { t } = useLingui()
  const until = clockText(storeTime(new Date(code.expires_at)))
  return (
    <div className={styles.code} data-testid="pickup-code">
      <img
        className={styles.qrImage}
        src={svgDataUrl(code.svg)}
        alt={t`QR-код для получения заказа`}
        width={220}
        height={220}
        data-testid="pickup-qr"
      />
      <div className={styles.codeText}>
        <p className={styles.muted}>{t`Код для получения заказа № ${code.number}`}</p>
        <p className={styles.digits} data-testid="pickup-digits" data-code={code.code}>
          {digitsText(code.code)}
        </p>
        <p className={styles.muted} data-testid="pickup-expires">
          {t`Код действует до ${until}`}
        </p>
        <p className={styles.text}>
          {t`Назовите код или покажите QR-код сотруднику пункта выдачи. Если заказ получает другой человек по доверенности, передайте код ему.`}
        </p>
      </div>
    </div>
  )
}

/**
 * The pickup one-time code (purchase flow 7) as digits and a QR code, for a pickup order that waits to
 * be collected: shown when the shopper asks, asked again when it expires, and replaced on request.
 */
export function PickupOtp({ order }: { order: OrderDetail }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const applies =
    (PICKUP_SHIPPING_TYPES as readonly string[]).includes(order.shipping.type) &&
    PICKUP_CODE_STATUSES.includes(order.status)
  const [shown, setShown] = useState(false)
  const query = useQuery({
    ...pickupCodeQuery(order.order_id),
    enabled: applies && shown,
    refetchInterval: (q) => untilExpiry(q.state.data),
  })
  const refresh = useMutation({
    mutationFn: () => refreshPickupCode(order.order_id),
    onSuccess: (code) => queryClient.setQueryData(pickupCodeKey(order.order_id), code),
  })
  if (!applies) return null

  let body
  if (!shown)
    body = (
      <>
        <p className={styles.muted}>{t`Код понадобится при получении заказа в пункте выдачи.`}</p>
        <div className={styles.actions}>
          <Button onClick={() => setShown(true)} data-testid="pickup-show">
            {t`Показать код получения`}
          </Button>
        </div>
      </>
    )
  else if (query.isPending) body = <Skeleton height={220} radius={16} />
  else if (query.isError)
    body = (
      <>
        <p className={styles.error} role="alert">
          {actionFailure(i18n, query.error)}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t`Повторить`}
          </Button>
        </div>
      </>
    )
  else
    body = (
      <>
        <CodePanel code={query.data} />
        {refresh.isError ? (
          <p className={styles.error} role="alert" data-testid="pickup-refresh-error">
            {actionFailure(i18n, refresh.error)}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => refresh.mutate()}
            disabled={refresh.isPending}
            data-testid="pickup-refresh"
          >
            {t`Получить новый код`}
          </Button>
        </div>
      </>
    )

  return (
    <section className={styles.card} data-testid="order-pickup-code">
      <h2 className={styles.title}>{t`Код получения`}</h2>
      {body}
    </section>
  )
}
