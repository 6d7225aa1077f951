import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { CartProduct } from '../../../contract/cart'
import { imageUrl } from '../../../contract/values/media'
import { useStoreLocation } from '../../url/store-location'
import { IconButton } from '../../ui/button'
import { CloseIcon } from '../../ui/icons'
import { Price } from '../../ui/price'
import { MAX_LINE_QUANTITY, type TradeinCondition } from '../../../contract/values/cart'
import { TradeinPicker } from './tradein-picker'
import { ConflictNote, type LineConflict } from './sync-state'
import styles from './cart.module.css'

export interface CartLineProps {
  line: CartProduct
  /** A change to this line waits for the network. */
  pending: boolean
  /** What changed on the server while the shopper was away (price, stock), until acknowledged. */
  conflict?: LineConflict
  onAcknowledge?: () => void
  onQuantity: (quantity: number) => void
  onActive: (active: boolean) => void
  onRemove: () => void
  /** The services added for this product (installation, extended warranty), each removable. */
  services?: CartProduct[]
  onRemoveService?: (sku: string) => void
  /** Trade-in: hand an old device over for this line, or take it back out. */
  onTradein?: (device: { kind: string; condition: TradeinCondition } | null) => void
  /** The type of the promotion the cart applies to this line, if any. */
  promotion?: 'gift' | 'kit'
}

const LINE_IMAGE = 100

/** The most the stepper goes to: what the city holds, never above the cart's own cap. */
export const maxQuantity = (line: CartProduct) =>
  Math.max(1, Math.min(line.availableQuantity, MAX_LINE_QUANTITY))

/** The kiosk's stickers of a line (purchase flow 3), from what the cart says of it. */
function LineStickers({ line, promotion }: { line: CartProduct; promotion?: 'gift' | 'kit' }) {
  const { t } = useLingui()
  const stickers: [code: string, text: string][] = []
  if (!line.isAvailable) stickers.push(['out_of_stock', t`Нет в наличии`])
  if (promotion === 'gift') stickers.push(['gift', t`Подарок`])
  if (promotion === 'kit') stickers.push(['kit', t`Комплект дешевле`])
  if (line.onlyPrepayment) stickers.push(['prepay', t`Только предоплата`])
  if (line.showcase) stickers.push(['showcase', t`С витрины`])
  if (stickers.length === 0) return null
  return (
    <ul className={styles.lineStickers} data-testid="line-stickers">
      {stickers.map(([code, text]) => (
        <li key={code} className={styles.lineSticker} data-code={code}>
          {text}
        </li>
      ))}
    </ul>
  )
}

/** One product in the cart: picture, title, price, the quantity stepper, the tick and remove. */
export function CartLine({
  line,
  pending,
  conflict,
  onAcknowledge,
  onQuantity,
  onActive,
  onRemove,
  services = [],
  onRemoveService,
  onTradein,
  promotion,
}: CartLineProps) {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  const image = line.images[0]
  const max = maxQuantity(line)
  const title = line.title
  return (
    <li
      className={pending ? `${styles.line} ${styles.pending}` : styles.line}
      data-testid="cart-line"
      data-sku={line.sku}
      data-quantity={line.quantity}
      data-pending={pending ? 'true' : undefined}
      aria-busy={pending || undefined}
    >
      <label className={styles.tick}>
        <input
          type="checkbox"
          checked={line.isActive}
          disabled={!line.isAvailable}
          onChange={(event) => onActive(event.currentTarget.checked)}
          data-testid="line-active"
        />
        <span className="visually-hidden">{t`Выбрать для заказа: ${title}`}</span>
      </label>
      {image ? (
        <img
          className={styles.lineImage}
          src={imageUrl(image, LINE_IMAGE)}
          width={LINE_IMAGE}
          height={LINE_IMAGE}
          alt=""
          loading="lazy"
        />
      ) : (
        <span className={styles.lineImage} aria-hidden="true" />
      )}
      <div className={styles.lineInfo}>
        <Link to="/{-$city}/p/$uri" params={{ city: prefix, uri: line.uri }} className={styles.lineTitle}>
          {line.title}
        </Link>
        <LineStickers line={line} promotion={promotion} />
        {pending ? (
          <p className={styles.pendingNote} data-testid="line-pending">
            {t`Ждёт сети`}
          </p>
        ) : null}
        {conflict ? <ConflictNote conflict={conflict} onAcknowledge={() => onAcknowledge?.()} /> : null}
      </div>
      <div className={styles.stepper} role="group" aria-label={t`Количество`}>
        <button
          type="button"
          className={styles.stepButton}
          aria-label={t`Меньше`}
          disabled={!line.isAvailable || line.quantity <= 1}
          onClick={() => onQuantity(line.quantity - 1)}
          data-testid="quantity-decrease"
        >
          −
        </button>
        <output className={styles.quantity} data-testid="line-quantity" aria-live="polite">
          {line.quantity}
        </output>
        <button
          type="button"
          className={styles.stepButton}
          aria-label={t`Больше`}
          disabled={!line.isAvailable || line.quantity >= max}
          onClick={() => onQuantity(line.quantity + 1)}
          data-testid="quantity-increase"
        >
          +
        </button>
      </div>
      <div className={styles.linePrice}>
        <Price amount={line.totalPrice} oldAmount={line.totalOldPrice} />
        {line.quantity > 1 ? (
          <span className={styles.unitPrice}>
            <Price amount={line.price} />
            {t` за шт.`}
          </span>
        ) : null}
      </div>
      <IconButton
        label={t`Удалить ${title}`}
        className={styles.remove}
        onClick={onRemove}
        data-testid="line-remove"
      >
        <CloseIcon size="M" />
      </IconButton>
      {onTradein && line.isActive && (line.tradeinAvailable || line.tradein) ? (
        <TradeinPicker line={line} onChoose={onTradein} onRemove={() => onTradein(null)} />
      ) : null}
      {services.length > 0 ? (
        <ul className={styles.services} aria-label={t`Услуги к товару`}>
          {services.map((service) => (
            <li
              key={service.sku}
              className={styles.service}
              data-testid="cart-service"
              data-sku={service.sku}
            >
              <span className={styles.serviceTitle}>{service.title}</span>
              <Price amount={service.totalPrice} />
              <IconButton
                label={t`Удалить ${service.title}`}
                onClick={() => onRemoveService?.(service.sku)}
                data-testid="service-remove"
              >
                <CloseIcon size="S" />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}
