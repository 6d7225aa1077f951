import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useMatches, useNavigate } from '@tanstack/react-router'
import { use, useEffect, useMemo, useState, type FormEvent } from 'react'
import { loadFeatureMessages } from '../../../i18n/feature-messages'
import { FLAG_ACTIVE_VARIANT, FLAG_IDS } from '../../../../contract/values/account-area'
import { useStoreLocation } from '../../../url/store-location'
import { useSignedIn } from '../../../session/session'
import { Button } from '../../../ui/button'
import { Input } from '../../../ui/input'
import { Modal } from '../../../ui/modal'
import { deviceId } from '../device-id'
import { guestPromoErrorText } from '../errors'
import { flagQuery, sendEvent, sendGuestPromoCode } from '../queries'
import { isEligiblePage } from './eligibility'
import { CART_ITEM_REMOVED_EVENT } from '../../../cart/events'
import {
  dismissGuestOffer,
  isDismissed,
  onDismissed,
  readProgress,
  saveSentNotice,
  writeProgress,
} from './state'
import { browserClock, createOfferTimer, type OfferClock } from './timer'
import styles from './guest-offer.module.css'

/** Spec 4: whether the offer may still run: a guest who has not dismissed it in this session. */
function useOfferAlive(): boolean {
  const signedIn = useSignedIn()
  const [dismissed, setDismissed] = useState(isDismissed)
  useEffect(() => onDismissed(() => setDismissed(true)), [])
  useEffect(() => {
    if (signedIn) dismissGuestOffer('signin')
  }, [signedIn])
  useEffect(() => {
    const onCartLoss = () => dismissGuestOffer('cart')
    window.addEventListener(CART_ITEM_REMOVED_EVENT, onCartLoss)
    return () => window.removeEventListener(CART_ITEM_REMOVED_EVENT, onCartLoss)
  }, [])
  return !signedIn && !dismissed
}

/**
 * The guest promo offer (spec 4, 6): after two minutes on eligible pages a guest is offered one personal
 * promo code. Mounted once by the shell; `clock` is there for tests.
 */
export function GuestOffer({ clock = browserClock }: { clock?: OfferClock }) {
  const alive = useOfferAlive()
  const device = useMemo(() => (typeof document === 'undefined' ? '' : deviceId()), [])
  const flag = useQuery({ ...flagQuery(FLAG_IDS.guestPromocodes, device), enabled: alive && device !== '' })
  const enabled = alive && flag.data?.variantKey === FLAG_ACTIVE_VARIANT.guestPromocodes
  const routeIds = useMatches({ select: (matches) => matches.map((m) => m.routeId as string) })
  const eligible = isEligiblePage(routeIds)
  const [open, setOpen] = useState(false)

  const timer = useMemo(
    () =>
      createOfferTimer({
        clock,
        read: readProgress,
        write: writeProgress,
        onElapsed: () => {
          setOpen(true)
          sendEvent('guest_promo_offer', 'shown')
        },
      }),
    [clock],
  )
  useEffect(() => () => timer.dispose(), [timer])
  const pageKey = routeIds.join('|')
  useEffect(() => {
    timer.visit(enabled && eligible)
  }, [timer, enabled, eligible, pageKey])

  if (!enabled || !open) return null
  return (
    <OfferModal
      onClose={() => {
        setOpen(false)
        dismissGuestOffer('closed')
      }}
    />
  )
}

function OfferModal({ onClose }: { onClose: () => void }) {
  const { prefix, lang } = useStoreLocation()
  // the offer's texts are the account area's catalogue, loaded when the offer opens
  const { t, i18n } = useLingui()
  use(loadFeatureMessages('account', lang, i18n))
  const navigate = useNavigate()
  const [phone, setPhone] = useState('')
  // Spec 4 checks the shopper's active codes first; a guest has none (they belong to an account), so the
  // phone's code, new or not, goes to that phone by SMS, and the guest area says where.
  const flow = useMutation({
    mutationFn: async () => saveSentNotice(await sendGuestPromoCode(phone)),
    onSuccess: async () => {
      dismissGuestOffer('received')
      sendEvent('guest_promo_offer', 'received')
      await navigate({ to: '/{-$city}/my-account/guest', params: { city: prefix } })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    flow.mutate()
  }
  return (
    <Modal open onClose={onClose} title={t`Персональный промокод для вас`}>
      <form className={styles.body} onSubmit={submit} data-testid="guest-offer">
        <p>{t`Оставьте номер телефона — пришлём в SMS персональный промокод на скидку 5% на заказ от 30 000 ₸. Войдите с этим номером, и он будет ждать вас в личном кабинете.`}</p>
        <Input
          label={t`Номер телефона`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+7 999 999 99 99"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          required
          maxLength={20}
          name="phone"
          data-testid="guest-offer-phone"
        />
        {flow.isError ? (
          <p className={styles.error} role="alert">
            {guestPromoErrorText(i18n, flow.error)}
          </p>
        ) : null}
        <Button type="submit" block disabled={flow.isPending} data-testid="guest-offer-submit">
          {t`Получить промокод`}
        </Button>
      </form>
    </Modal>
  )
}
