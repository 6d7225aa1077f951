import { select } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useStoreLocation } from '../../url/store-location'
import { formatMoney } from '../../i18n/format'
import { pluralForm } from '../../i18n/plural-form'
import { clockText, storeTime } from '../../i18n/store-clock'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { deliveryRows, productStatus, type DeliveryRow } from './delivery-rows'
import { deliveryQuery } from './queries'
import { useDayText } from './use-day-text'
import styles from './delivery-options.module.css'

export interface DeliveryOptionsProps {
  sku: string
  cityName: string
}

function RowText({ row }: { row: DeliveryRow }) {
  const { t } = useLingui()
  const days = useDayText()
  const when = days(row.minDate, row.maxDate)
  const places = row.places
  const form = pluralForm(places)
  const title: Record<DeliveryRow['kind'], string> = {
    express: t`Экспресс-доставка`,
    fast: t`Быстрая доставка`,
    courier: t`Доставка курьером`,
    store: t`Самовывоз из магазина`,
    pickup: t`Самовывоз из пункта выдачи`,
  }
  let detail: string
  if (row.kind === 'express' && row.hours) {
    const min = row.hours.minHours
    const max = row.hours.maxHours
    detail = t`за ${min}–${max} ч`
  } else if (row.kind === 'store') {
    detail = t`${when}, ${select(form, { one: `${places} магазин`, few: `${places} магазина`, many: `${places} магазинов`, other: `${places} магазина` })}`
  } else if (row.kind === 'pickup') {
    detail = t`${when}, ${select(form, { one: `${places} пункт`, few: `${places} пункта`, many: `${places} пунктов`, other: `${places} пункта` })}`
  } else {
    detail = when
  }
  const before = row.orderBefore ? new Date(row.orderBefore) : null
  const beforeText = before && !Number.isNaN(before.getTime()) ? clockText(storeTime(before)) : null
  return (
    <>
      <span className={styles.title}>{title[row.kind]}</span>
      <span className={styles.when}>
        {detail}
        {beforeText ? <span className={styles.before}> · {t`при заказе до ${beforeText}`}</span> : null}
      </span>
    </>
  )
}

function Cost({ row }: { row: DeliveryRow }) {
  const { t } = useLingui()
  if (row.cost === 0) return <span className={`${styles.cost} ${styles.free}`}>{t`бесплатно`}</span>
  const freeFrom = row.freeFrom
  return (
    <span className={styles.cost}>
      {formatMoney(row.cost)}
      {freeFrom != null ? (
        <span className={styles.freeFrom}>{t`бесплатно от ${formatMoney(freeFrom)}`}</span>
      ) : null}
    </span>
  )
}

/** How the product reaches the shopper in the chosen city: express, courier, shops and pickup points. */
export function DeliveryOptions({ sku, cityName }: DeliveryOptionsProps) {
  const { t } = useLingui()
  const { cityId, lang } = useStoreLocation()
  const query = useQuery(deliveryQuery(sku, cityId, lang))

  let body
  if (query.isPending) {
    body = (
      <ul className={styles.rows} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className={styles.row}>
            <Skeleton width="70%" height={18} />
            <Skeleton width={64} height={18} />
          </li>
        ))}
      </ul>
    )
  } else if (query.isError) {
    body = (
      <div className={styles.message}>
        <p>{t`Не удалось узнать способы доставки.`}</p>
        <Button size="s" variant="secondary" onClick={() => void query.refetch()}>
          {t`Повторить`}
        </Button>
      </div>
    )
  } else {
    const status = productStatus(query.data, sku)
    const rows = deliveryRows(query.data)
    if (status === 'unavailable' || status === 'unknown' || rows.length === 0) {
      body = <p className={styles.message}>{t`Сейчас товар нельзя заказать с доставкой в этом городе.`}</p>
    } else {
      body = (
        <>
          {status === 'transfer' ? (
            <p className={styles.transfer}>{t`Привезём со склада в другом городе`}</p>
          ) : null}
          <ul className={styles.rows}>
            {rows.map((row) => (
              <li
                key={row.kind}
                className={styles.row}
                data-testid="delivery-option"
                data-type={row.kind}
                data-delivery-type={row.type}
              >
                <span className={styles.what}>
                  <RowText row={row} />
                </span>
                <Cost row={row} />
              </li>
            ))}
          </ul>
        </>
      )
    }
  }

  return (
    <section className={styles.block} aria-labelledby="delivery-heading" data-testid="delivery-options">
      <h2 id="delivery-heading" className={styles.heading}>
        {t`Доставка и самовывоз: ${cityName}`}
      </h2>
      {body}
    </section>
  )
}
