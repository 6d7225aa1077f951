import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { AUTH_LIMITS } from '../../../contract/values/account'
import { mergeGuestCart } from '../../cart/session'
import { mergeGuestWishlist } from '../../wishlist/session'
import { applySignIn } from '../../session/session'
import { useStoreLocation } from '../../url/store-location'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import {
  AUTH_MESSAGES,
  authFailure,
  isCompletePhone,
  lookupKind,
  PhoneField,
  ResendButton,
  sendCode,
  signInWithCode,
  toServerPhone,
  type AuthFailure,
} from '../auth'
import { signUpFast } from './api'
import styles from './checkout.module.css'

/**
 * An order needs a signed-in shopper: a guest confirms the phone by an SMS code right here, with the
 * sign-in's own calls and fields. A number new to the store becomes a fast account (no password); the
 * guest cart then joins the shopper's cart as any sign-in does, and the checkout goes on where it was.
 */
export function PhoneConfirm() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { cityId } = useStoreLocation()
  const [national, setNational] = useState('')
  const [stage, setStage] = useState<'phone' | 'code'>('phone')
  const [isNew, setIsNew] = useState(false)
  const [firstname, setFirstname] = useState('')
  const [code, setCode] = useState('')
  const [resendAt, setResendAt] = useState(0)
  const [failure, setFailure] = useState<AuthFailure | null>(null)
  const [busy, setBusy] = useState(false)
  const phone = toServerPhone(national)

  async function attempt<T>(call: Parameters<typeof authFailure>[0], run: () => Promise<T>) {
    setBusy(true)
    setFailure(null)
    try {
      return await run()
    } catch (error) {
      const found = authFailure(call, error)
      if (found.penalty) setResendAt(Date.now() + found.penalty * 1000)
      setFailure(found)
      return undefined
    } finally {
      setBusy(false)
    }
  }

  async function send(newAccount: boolean): Promise<boolean> {
    const penalty = await attempt('verifyPhone', () => sendCode(phone, newAccount ? 'signup' : 'signin'))
    if (penalty === undefined) return false
    setResendAt(Date.now() + penalty * 1000)
    setCode('')
    return true
  }

  async function onPhone(event: FormEvent) {
    event.preventDefault()
    if (!isCompletePhone(national)) {
      setFailure({ message: AUTH_MESSAGES.verifyInput })
      return
    }
    const kind = await attempt('kind', () => lookupKind(phone))
    if (kind === undefined) return
    const fresh = kind === 'notRegistered'
    setIsNew(fresh)
    if (await send(fresh)) setStage('code')
  }

  async function onCode(event: FormEvent) {
    event.preventDefault()
    const tokens = isNew
      ? await attempt('signup', () => signUpFast(phone, code, firstname))
      : await attempt('verifyToken', () => signInWithCode(phone, code))
    if (!tokens) return
    setBusy(true)
    await applySignIn(queryClient, tokens)
    // Purchase flow 4: what the guest put in the cart joins the shopper's cart.
    await mergeGuestCart(queryClient, cityId, i18n)
    await mergeGuestWishlist(queryClient, cityId)
    // The profile now answers: the checkout goes on with this shopper as the receiver.
    setBusy(false)
  }

  const error = failure ? i18n._(failure.message) : undefined

  return (
    <section
      className={styles.card}
      aria-labelledby="phone-confirm-title"
      data-testid="checkout-phone-confirm"
    >
      <h2 id="phone-confirm-title" className={styles.cardTitle}>
        {t`Подтвердите номер телефона`}
      </h2>
      <p className={styles.muted}>
        {t`Заказ оформляется на ваш номер. Мы отправим код, и вы продолжите оформление здесь же — корзина сохранится.`}
      </p>
      {stage === 'phone' ? (
        <form className={styles.form} onSubmit={onPhone} noValidate>
          <PhoneField value={national} onChange={setNational} error={error} autoFocus />
          <div className={`${styles.actions} ${styles.wide}`}>
            <Button type="submit" disabled={busy} data-testid="checkout-phone-continue">
              {t`Получить код`}
            </Button>
          </div>
        </form>
      ) : (
        <form className={styles.form} onSubmit={onCode}>
          <p className={`${styles.wide} ${styles.muted}`}>
            {t`Код отправлен на +7 ${national.replace(/(\d{3})(\d{3})(\d{2})(\d{2})/, '$1 $2 $3 $4')}`}{' '}
            <Button
              variant="ghost"
              size="s"
              onClick={() => setStage('phone')}
              data-testid="checkout-phone-change"
            >
              {t`Изменить номер`}
            </Button>
          </p>
          {isNew ? (
            <Input
              label={t`Ваше имя`}
              autoComplete="given-name"
              value={firstname}
              maxLength={64}
              onChange={(event) => setFirstname(event.target.value)}
              data-testid="checkout-phone-firstname"
            />
          ) : null}
          <Input
            label={t`Код из SMS`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={AUTH_LIMITS.codeLength}
            value={code}
            onChange={(event) =>
              setCode(event.target.value.replace(/\D/g, '').slice(0, AUTH_LIMITS.codeLength))
            }
            error={error}
            autoFocus
            data-testid="checkout-phone-code"
          />
          <div className={`${styles.actions} ${styles.wide}`}>
            <Button
              type="submit"
              disabled={busy || code.length !== AUTH_LIMITS.codeLength || (isNew && firstname.trim() === '')}
              data-testid="checkout-phone-submit"
            >
              {t`Подтвердить`}
            </Button>
            <ResendButton until={resendAt} busy={busy} onSend={() => void send(isNew)} />
          </div>
        </form>
      )}
    </section>
  )
}
