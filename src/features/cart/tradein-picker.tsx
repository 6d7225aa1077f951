import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { CartProduct } from '../../../contract/cart'
import type { TradeinCondition } from '../../../contract/values/cart'
import { formatMoney } from '../../i18n/format'
import { Button } from '../../ui/button'
import { useStoreLocation } from '../../url/store-location'
import styles from './cart.module.css'
import { tradeinOfferQuery } from './tradein-queries'

export interface TradeinPickerProps {
  line: CartProduct
  onChoose: (device: { kind: string; condition: TradeinCondition }) => void
  onRemove: () => void
}

/**
 * Trade-in on a cart line: the shopper picks the kind and condition of the old device they will hand over
 * at a shop that takes old devices, and sees its credit and what the line then costs.
 */
export function TradeinPicker({ line, onChoose, onRemove }: TradeinPickerProps) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const chosen = line.tradein
  if (chosen)
    return (
      <div className={styles.tradein} data-testid="tradein-chosen">
        <p className={styles.tradeinText}>
          {t`Трейд-ин: ${chosen.title}, ${chosen.condition === 'working' ? t`исправное` : t`неисправное`}`}
          <br />
          <strong data-testid="tradein-credit">{t`Зачёт −${formatMoney(chosen.credit)}`}</strong>
          {' · '}
          <span data-testid="tradein-line-total">
            {t`к оплате за товар ${formatMoney(Math.max(0, line.totalPrice - chosen.credit))}`}
          </span>
        </p>
        <p
          className={styles.muted}
        >{t`Старое устройство сдаётся в магазине, принимающем трейд-ин, при получении заказа.`}</p>
        <Button variant="ghost" onClick={onRemove} data-testid="tradein-remove">
          {t`Без трейд-ина`}
        </Button>
      </div>
    )
  if (!open)
    return (
      <div className={styles.tradein}>
        <Button variant="secondary" onClick={() => setOpen(true)} data-testid="tradein-open">
          {t`Трейд-ин: сдать старое устройство`}
        </Button>
      </div>
    )
  return (
    <TradeinForm
      line={line}
      onChoose={(device) => {
        // once chosen the line shows the device; taken back out, it offers trade-in afresh
        setOpen(false)
        onChoose(device)
      }}
      onCancel={() => setOpen(false)}
    />
  )
}

function TradeinForm({
  line,
  onChoose,
  onCancel,
}: {
  line: CartProduct
  onChoose: TradeinPickerProps['onChoose']
  onCancel: () => void
}) {
  const { t } = useLingui()
  const { cityId, lang } = useStoreLocation()
  const offer = useQuery(tradeinOfferQuery(line.sku, cityId, lang))
  const devices = offer.data?.devices ?? []
  const [kind, setKind] = useState<string | null>(null)
  const [condition, setCondition] = useState<TradeinCondition>('working')
  const device = devices.find((d) => d.kind === kind) ?? devices[0]
  const credit = device ? Math.min(device.credits[condition], line.totalPrice) : 0
  if (offer.isPending) return <p className={styles.muted}>{t`Загружаем оценку…`}</p>
  if (offer.isError || !device)
    return <p className={styles.error}>{t`Трейд-ин для этого товара сейчас недоступен`}</p>
  return (
    <form
      className={styles.tradein}
      aria-label={t`Трейд-ин`}
      data-testid="tradein-form"
      onSubmit={(event) => {
        event.preventDefault()
        onChoose({ kind: device.kind, condition })
      }}
    >
      <label className={styles.tradeinField}>
        {t`Что сдаёте`}
        <select
          value={device.kind}
          onChange={(event) => setKind(event.currentTarget.value)}
          data-testid="tradein-device"
        >
          {devices.map((d) => (
            <option key={d.kind} value={d.kind}>
              {d.title}
            </option>
          ))}
        </select>
      </label>
      <fieldset className={styles.tradeinField}>
        <legend>{t`Состояние`}</legend>
        {(['working', 'damaged'] as const).map((c) => (
          <label key={c}>
            <input
              type="radio"
              name={`tradein-${line.sku}`}
              value={c}
              checked={condition === c}
              onChange={() => setCondition(c)}
              data-testid={`tradein-${c}`}
            />{' '}
            {c === 'working'
              ? t`Исправное: включается, экран и корпус целы`
              : t`Неисправное: разбито или не включается`}
          </label>
        ))}
      </fieldset>
      <p className={styles.tradeinText} data-testid="tradein-estimate">
        {t`Зачёт ${formatMoney(credit)}, товар обойдётся в ${formatMoney(line.totalPrice - credit)}`}
      </p>
      <div className={styles.tradeinActions}>
        <Button type="submit" data-testid="tradein-apply">
          {t`Применить трейд-ин`}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t`Отмена`}
        </Button>
      </div>
    </form>
  )
}
