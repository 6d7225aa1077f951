import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useStoreLocation } from '../../app/store-location'
import { Button } from '../../ui/button'
import { Price } from '../../ui/price'
import { Skeleton } from '../../ui/skeleton'
import { toast } from '../../ui/toast/toast-store'
import { PageFrame } from '../shell/page-frame'
import { useEnsureCart } from '../../cart/add-to-cart'
import { CART_MESSAGES, cartErrorText } from '../../cart/messages'
import { addBatch, settled } from '../../cart/mutations'
import { sharedCartQuery } from '../../cart/queries'
import styles from './cart.module.css'

/**
 * A cart someone shared (purchase flow 3, 9): its active products, not services, with a button that adds
 * all of them to the shopper's own cart in one batch.
 */
export function SharedCartPage({ sharedId }: { sharedId: string }) {
  const { t, i18n } = useLingui()
  const { cityId, prefix } = useStoreLocation()
  const navigate = useNavigate()
  const { data, isPending, isError, error } = useQuery(sharedCartQuery(sharedId, cityId))
  const { ensure, creating } = useEnsureCart()
  const [adding, setAdding] = useState(false)
  const items = (data?.items ?? []).filter((item) => item.isActive && item.type !== 'service')

  async function addAll() {
    const target = await ensure()
    if (!target) return
    setAdding(true)
    const outcome = await settled(
      addBatch(
        target,
        items.map((item) => ({ sku: item.sku, quantity: Math.max(1, item.quantity) })),
      ),
    )
    setAdding(false)
    if (outcome.status === 'failed') {
      toast.error(cartErrorText(i18n, outcome.error))
      return
    }
    if (outcome.status === 'done') toast.success(i18n._(CART_MESSAGES.productsSuccessfullyAdded))
    void navigate({ to: '/{-$city}/cart', params: { city: prefix } })
  }

  let body
  if (isPending) body = <Skeleton height={240} radius={10} />
  else if (isError)
    body = (
      <p className={styles.error} role="alert" data-testid="shared-cart-error">
        {cartErrorText(i18n, error)}
      </p>
    )
  else
    body = (
      <div className={styles.main}>
        <ul className={styles.sharedGrid} data-testid="shared-cart-items">
          {items.map((item) => (
            <li
              key={item.sku}
              className={styles.sharedItem}
              data-testid="shared-cart-item"
              data-sku={item.sku}
            >
              {item.image ? <img src={item.image} width={272} height={272} alt="" loading="lazy" /> : null}
              <Link
                to="/{-$city}/p/$uri"
                params={{ city: prefix, uri: item.uri }}
                className={styles.lineTitle}
              >
                {item.title}
              </Link>
              <Price amount={item.price} oldAmount={item.oldPrice} />
              <span className={styles.muted}>{t`${item.quantity} шт.`}</span>
            </li>
          ))}
        </ul>
        <div>
          <Button
            disabled={items.length === 0 || adding || creating}
            onClick={() => void addAll()}
            data-testid="shared-cart-add-all"
          >
            {t`Добавить всё в мою корзину`}
          </Button>
        </div>
      </div>
    )

  return (
    <PageFrame
      title={t`Корзина, которой поделились`}
      crumbs={[{ label: t`Корзина`, path: '/cart' }]}
      testId="shared-cart-page"
    >
      {body}
    </PageFrame>
  )
}
