import { useLingui } from '@lingui/react/macro'
import { useAtomValue, useSetAtom } from 'jotai'
import { atomWithStorage, unwrap } from 'jotai/utils'
import { useCallback, useEffect, useMemo } from 'react'
import type { Cart, CartProduct } from '../../../contract/cart'
import { idbStorage } from '../../atoms/storage'
import { cartErrorText } from '../../cart/messages'
import { ApiError } from '../../data/api-error'
import { outbox } from '../../data/outbox'
import type { OutboxItem } from '../../data/outbox-item'
import { useOutboxItems } from '../../data/use-outbox-items'
import { formatMoney } from '../../i18n/format'
import { Button } from '../../ui/button'
import styles from './cart.module.css'

/*
 * What the shopper's changes came to once the network was back: a change the server refused (out of stock,
 * a list too long…) stays listed with the reason until the shopper sends it again or lets it go, and a line
 * whose price or stock moved while the shopper was away says so, with the new figure.
 */

/** What a cart line's server answer says that the shopper did not see. */
export type LineConflict =
  { kind: 'price'; was: number; now: number } | { kind: 'stock'; count: number } | { kind: 'gone' }

/** The price of each line as the shopper last saw it in this cart, kept on the device. */
const seenPricesAtom = atomWithStorage<Record<string, number>>(
  'cart-seen-prices',
  {},
  idbStorage({
    accepts: (value): value is Record<string, number> =>
      typeof value === 'object' &&
      value !== null &&
      Object.values(value).every((price) => typeof price === 'number'),
  }),
  { getOnInit: true },
)

/**
 * The record for rendering: IndexedDB answers asynchronously, and reading the stored atom itself would
 * suspend the cart page, hiding lines already on screen, until it has. `undefined` is "not read yet".
 */
const seenPricesValueAtom = unwrap(seenPricesAtom, () => undefined)
const NO_CONFLICTS: ReadonlyMap<string, LineConflict> = new Map()

/** The conflict of one line: its price against the one the shopper saw, its stock against the quantity. */
export function lineConflict(line: CartProduct, seenPrice: number | undefined): LineConflict | null {
  if (!line.isAvailable) return { kind: 'gone' }
  if (seenPrice !== undefined && seenPrice !== line.price)
    return { kind: 'price', was: seenPrice, now: line.price }
  if (line.availableQuantity < line.quantity) return { kind: 'stock', count: line.availableQuantity }
  return null
}

/**
 * The lines' conflicts. A line is first seen at the price it shows (an added line offline: the card's
 * price), and the server's later answer is measured against it until the shopper says "Понятно".
 */
export function useLineConflicts(cart: Cart, pending: ReadonlySet<string>) {
  const seen = useAtomValue(seenPricesValueAtom)
  const setSeen = useSetAtom(seenPricesAtom)
  useEffect(() => {
    // the stored record is read first, or the prices the shopper saw would be overwritten by today's
    if (!seen) return
    const unseen = cart.products.filter((line) => seen[line.sku] === undefined)
    if (unseen.length === 0) return
    const next: Record<string, number> = {}
    // only the cart's own lines are kept, so the record never grows past the cart
    for (const line of cart.products) next[line.sku] = seen[line.sku] ?? line.price
    void setSeen(next)
  }, [cart.products, seen, setSeen])
  const conflicts = useMemo(() => {
    if (!seen) return NO_CONFLICTS
    const found = new Map<string, LineConflict>()
    for (const line of cart.products) {
      if (pending.has(line.sku)) continue
      const conflict = lineConflict(line, seen[line.sku])
      if (conflict) found.set(line.sku, conflict)
    }
    return found
  }, [cart.products, pending, seen])
  const acknowledge = useCallback(
    (line: CartProduct) => void setSeen({ ...seen, [line.sku]: line.price }),
    [seen, setSeen],
  )
  return { conflicts, acknowledge }
}

/** The flag on a line: the new price, the stock left, or that it is gone. */
export function ConflictNote({
  conflict,
  onAcknowledge,
}: {
  conflict: LineConflict
  onAcknowledge: () => void
}) {
  const { t } = useLingui()
  let text: string
  if (conflict.kind === 'price') {
    const was = formatMoney(conflict.was)
    const now = formatMoney(conflict.now)
    text = t`Цена изменилась: было ${was}, стало ${now}`
  } else if (conflict.kind === 'stock') {
    const count = conflict.count
    text = t`В наличии только ${count} шт.`
  } else {
    text = t`Товар закончился`
  }
  return (
    <p className={styles.conflictNote} data-testid="line-conflict" data-kind={conflict.kind} role="status">
      {text}
      {conflict.kind === 'price' ? (
        <Button variant="ghost" size="s" onClick={onAcknowledge} data-testid="line-conflict-ok">
          {t`Понятно`}
        </Button>
      ) : null}
    </p>
  )
}

const isFailedCartChange = (item: OutboxItem) => item.status === 'failed' && item.kind.startsWith('cart.')

/** The skus a cart change is about: the lines it sends, or the line it removes. */
function skusOf(item: OutboxItem): string[] {
  const products = (item.body as { products?: { sku?: unknown }[] } | undefined)?.products
  const listed = Array.isArray(products)
    ? products.map((line) => line.sku).filter((sku): sku is string => typeof sku === 'string')
    : []
  const removed = item.query?.product_id
  return removed === undefined ? listed : [...listed, String(removed)]
}

/**
 * Changes the server refused after the page that made them had gone (sent at the next start, or by the
 * service worker): each with its reason, to send again or let go. Never dropped unseen.
 */
export function FailedChanges({ cart }: { cart: Cart }) {
  const { t, i18n } = useLingui()
  const failed = useOutboxItems(isFailedCartChange)
  if (failed.length === 0) return null
  const titleOf = (sku: string) => cart.products.find((line) => line.sku === sku)?.title ?? sku
  return (
    <section className={styles.failedChanges} data-testid="failed-changes" aria-live="polite">
      <h2 className={styles.cardTitle}>{t`Не все изменения применились`}</h2>
      <ul>
        {failed.map((item) => {
          const what = skusOf(item).map(titleOf).join(', ')
          const reason = cartErrorText(i18n, item.error ? new ApiError(item.error) : undefined)
          return (
            <li key={item.id} data-testid="failed-change" data-skus={skusOf(item).join(' ')}>
              <p>
                {what ? `${what}: ` : ''}
                <span data-testid="failed-reason">{reason}</span>
              </p>
              <Button
                variant="ghost"
                size="s"
                onClick={() => outbox.retry(item.id)}
                data-testid="failed-retry"
              >
                {t`Повторить`}
              </Button>
              <Button
                variant="ghost"
                size="s"
                onClick={() => outbox.discard(item.id)}
                data-testid="failed-dismiss"
              >
                {t`Понятно`}
              </Button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
