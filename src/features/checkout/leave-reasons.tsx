import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { I18nProvider } from '@lingui/react'
import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { createRoot } from 'react-dom/client'
import type { LeaveReasonRequest } from '../../../contract/checkout'
import { i18n } from '../../i18n/i18n'
import { splitPathname } from '../../url/locale-prefix'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import { sendLeaveReason } from './api'
import styles from './checkout.module.css'

/*
 * Purchase flow 2, the checkout leaving reasons modal: when the shopper goes from the checkout to another
 * page of the store (not to pay), the page changes at once and a modal there asks why. Answering or not,
 * nothing holds the shopper back; an answer goes to the actioner as a `checkout_leave` event.
 */

type Reason = LeaveReasonRequest['reason']

export const LEAVE_REASONS: readonly { code: Reason; label: MessageDescriptor }[] = [
  { code: 'expensive_delivery', label: msg`Дорогая или неудобная доставка` },
  { code: 'no_suitable_payment', label: msg`Нет подходящего способа оплаты` },
  { code: 'comparing', label: msg`Хочу сравнить с другими товарами` },
  { code: 'changed_mind', label: msg`Передумал покупать` },
  { code: 'other', label: msg`Другая причина` },
]

const ASKED_KEY = 'checkoutLeaveAsked'

function askedAlready(): boolean {
  try {
    return sessionStorage.getItem(ASKED_KEY) !== null
  } catch {
    return true
  }
}

function markAsked(): void {
  try {
    sessionStorage.setItem(ASKED_KEY, '1')
  } catch {
    // storage off: the modal may ask again next time
  }
}

/** Pages that belong to the checkout: going there is not leaving it. */
export function isCheckoutPath(pathname: string): boolean {
  const { rest } = splitPathname(pathname)
  return /^\/checkout(\/|$)/.test(rest) || /^\/kaspi-qr\/?$/.test(rest)
}

export interface LeaveContext {
  step: string
  cartId: string | null
}

export interface LeaveReasonsDialogProps extends LeaveContext {
  onDone: () => void
}

export function LeaveReasonsDialog({ step, cartId, onDone }: LeaveReasonsDialogProps) {
  const { t, i18n: active } = useLingui()
  const [reason, setReason] = useState<Reason | null>(null)
  const [comment, setComment] = useState('')
  const commentId = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!reason) return
    void sendLeaveReason({ reason, comment: comment.trim() || null, step, cart_id: cartId })
    onDone()
  }

  return (
    <Modal open title={t`Почему вы не оформили заказ?`} onClose={onDone}>
      <form className={styles.main} onSubmit={submit} data-testid="leave-reasons">
        <p className={styles.muted}>{t`Ответ поможет нам сделать покупки удобнее. Корзина сохранена.`}</p>
        <fieldset className={styles.options}>
          <legend className="visually-hidden">{t`Причина`}</legend>
          {LEAVE_REASONS.map((item) => (
            <label key={item.code} className={styles.option}>
              <input
                type="radio"
                name="leave-reason"
                value={item.code}
                checked={reason === item.code}
                onChange={() => setReason(item.code)}
                data-testid={`leave-reason-${item.code}`}
              />
              <span className={styles.optionText}>{active._(item.label)}</span>
            </label>
          ))}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={commentId} className={styles.label}>
            {t`Комментарий (необязательно)`}
          </label>
          <textarea
            id={commentId}
            className={styles.textarea}
            value={comment}
            maxLength={500}
            onChange={(event) => setComment(event.target.value)}
            data-testid="leave-comment"
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" disabled={!reason} data-testid="leave-send">
            {t`Отправить`}
          </Button>
          <Button variant="ghost" onClick={onDone} data-testid="leave-skip">
            {t`Пропустить`}
          </Button>
        </div>
      </form>
    </Modal>
  )
}

let open = false

/**
 * Opens the modal over whatever page the shopper went to: a root of its own, since the checkout's
 * components are gone with the checkout. Once per browser session.
 */
export function askWhyLeaving(context: LeaveContext): void {
  if (open || typeof document === 'undefined' || askedAlready()) return
  open = true
  markAsked()
  const host = document.createElement('div')
  host.dataset.testid = 'leave-reasons-host'
  document.body.append(host)
  const root = createRoot(host)
  const close = () => {
    open = false
    // after the click that closed it has been handled
    setTimeout(() => {
      root.unmount()
      host.remove()
    }, 0)
  }
  root.render(
    <I18nProvider i18n={i18n}>
      <LeaveReasonsDialog {...context} onDone={close} />
    </I18nProvider>,
  )
}

/**
 * While the shopper is on a checkout step, a navigation to a page outside the checkout asks why. Paying
 * (the bank's page, the QR page) and the result page are not leaving.
 */
export function useLeaveWatch(context: LeaveContext, active: boolean): void {
  const router = useRouter()
  const latest = useRef(context)
  useEffect(() => {
    latest.current = context
  })
  useEffect(() => {
    if (!active) return
    return router.subscribe('onBeforeNavigate', (event) => {
      if (!event.pathChanged || isCheckoutPath(event.toLocation.pathname)) return
      askWhyLeaving(latest.current)
    })
  }, [router, active])
}
