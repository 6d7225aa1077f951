import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Cart, CartNotice } from '../../../contract/cart'
import type { CartNoticeCode } from '../../../contract/values/cart'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import styles from './cart.module.css'

const NOTICE_TEXT = {
  quantityCapped: msg`Количество товара уменьшено до того, что есть в наличии`,
  promoCodeRemoved: msg`Товары в корзине изменились, поэтому промокод убран`,
  benefitCleared: msg`Скидка больше недоступна и убрана из корзины`,
  productUnavailable: msg`Товар закончился и отложен в недоступные`,
  merged: msg`Товары из корзины гостя добавлены в вашу корзину`,
} satisfies Record<CartNoticeCode, unknown>

export function noticeText(i18n: I18n, notice: CartNotice): string {
  return i18n._(NOTICE_TEXT[notice.code])
}

/**
 * What the server changed on its own since the shopper's last change (purchase flow 4). A benefit that
 * is no longer available opens the benefit limit modal.
 */
export function CartNotices({ cart }: { cart: Cart }) {
  const { t, i18n } = useLingui()
  // Closed for the cart version it was shown for; a later clearing opens it again.
  const [closedFor, setClosedFor] = useState<number | null>(null)
  const benefitCleared = cart.notices.some((notice) => notice.code === 'benefitCleared')
  const modalOpen = benefitCleared && closedFor !== cart.version
  const close = () => setClosedFor(cart.version)
  const others = cart.notices.filter((notice) => notice.code !== 'benefitCleared')
  return (
    <>
      {others.length > 0 ? (
        <ul className={styles.notices} role="status" data-testid="cart-notices">
          {others.map((notice, index) => (
            <li key={`${notice.code}:${notice.sku ?? index}`} data-code={notice.code}>
              {noticeText(i18n, notice)}
            </li>
          ))}
        </ul>
      ) : null}
      <Modal open={modalOpen} onClose={close} title={t`Лимит выгоды`}>
        <div className={styles.share} data-testid="benefit-limit-modal">
          <p>{i18n._(NOTICE_TEXT.benefitCleared)}</p>
          <Button onClick={close}>{t`Понятно`}</Button>
        </div>
      </Modal>
    </>
  )
}
