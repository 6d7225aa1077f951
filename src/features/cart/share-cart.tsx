import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Cart, SharedCart } from '../../../contract/cart'
import type { CityId } from '../../../contract/values/common'
import { useStoreLocation } from '../../url/store-location'
import { api } from '../../data/api'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { Modal } from '../../ui/modal'
import { sharedCartsPath } from '../../cart/cart-paths'
import { cartErrorText } from '../../cart/messages'
import styles from './cart.module.css'

/** Purchase flow 5: only active products that are not services or a reference to another product. */
export function sharedItems(cart: Cart) {
  return cart.products
    .filter((line) => line.isActive && line.type !== 'service' && line.referenceProductSku === null)
    .map((line) => ({ sku: line.sku, quantity: line.quantity }))
}

export const shareCart = (cart: Cart, cityId: CityId) =>
  api.post<Pick<SharedCart, 'shared_cart_id'>>(sharedCartsPath(), {
    city_id: cityId,
    items: sharedItems(cart),
  })

/** The share button and its modal: a link to the shared cart, with a copy button. Needs the network. */
export function ShareCart({ cart, cityId }: { cart: Cart; cityId: CityId }) {
  const { t, i18n } = useLingui()
  const location = useStoreLocation()
  const [open, setOpen] = useState(false)
  const [link, setLink] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const canShare = sharedItems(cart).length > 0

  async function openShare() {
    setOpen(true)
    setLink(null)
    setError(null)
    setCopied(false)
    try {
      const { shared_cart_id: id } = await shareCart(cart, cityId)
      setLink(`${window.location.origin}${location.href(`/cart/shared/${id}`)}`)
    } catch (failure) {
      setError(cartErrorText(i18n, failure))
    }
  }

  async function copy() {
    if (!link) return
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
    } catch {
      // Without clipboard access the link stays selected in the field for the shopper to copy.
    }
  }

  return (
    <>
      <Button variant="ghost" disabled={!canShare} onClick={() => void openShare()} data-testid="share-cart">
        {t`Поделиться корзиной`}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t`Поделиться корзиной`}>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : link ? (
          <div className={styles.share}>
            <Input
              label={t`Ссылка на корзину`}
              value={link}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              data-testid="share-link"
            />
            <Button onClick={() => void copy()} data-testid="share-copy">
              {copied ? t`Скопировано` : t`Скопировать ссылку`}
            </Button>
          </div>
        ) : (
          <p className={styles.muted}>{t`Готовим ссылку…`}</p>
        )}
      </Modal>
    </>
  )
}
