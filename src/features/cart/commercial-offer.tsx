import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import type { AutofillResponse } from '../../../contract/account-area'
import type { Cart } from '../../../contract/cart'
import type { Offer, OfferEmailSent, OfferRequestBody } from '../../../contract/documents'
import { ACCOUNT_V2 } from '../../../contract/values/account-area'
import type { CityId } from '../../../contract/values/common'
import { DOCUMENT_ERROR_KEYS, OFFER_V1 } from '../../../contract/values/documents'
import { api, TIMEOUTS } from '../../data/api'
import { isApiError } from '../../data/api-error'
import { downloadPdf } from '../../data/pdf'
import { formatDate, formatMoney } from '../../i18n/format'
import { useStoreLocation } from '../../url/store-location'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { Modal } from '../../ui/modal'
import styles from './cart.module.css'

const ERRORS: Record<string, MessageDescriptor> = {
  [DOCUMENT_ERROR_KEYS.badBin]: msg`БИН не прошёл проверку: проверьте цифры`,
  [DOCUMENT_ERROR_KEYS.offerCartEmpty]: msg`В корзине нет товаров, которые можно заказать`,
  [DOCUMENT_ERROR_KEYS.offerNotFound]: msg`Коммерческое предложение не найдено`,
  'errors:organizationNotFound': msg`Организация с таким БИН не найдена`,
  'errors:invalidBin': msg`БИН не прошёл проверку: проверьте цифры`,
  'errors:tooManyRequests': msg`Слишком много писем: попробуйте позже`,
  'errors:noConnection': msg`Нет соединения с интернетом. Попробуйте, когда сеть вернётся.`,
}

function errorText(i18n: { _: (m: MessageDescriptor) => string }, error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429) return i18n._(ERRORS['errors:tooManyRequests']!)
    const known = ERRORS[error.messageKey] ?? ERRORS[error.code]
    if (known) return i18n._(known)
  }
  return i18n._(msg`Не удалось выполнить операцию. Попробуйте позже.`)
}

const offerFile = (offer: Offer) => `offer-${offer.number.replace('КП', 'KP')}.pdf`

/** The offer's PDF, in the shopper's language, saved as a file. */
const downloadOffer = (offer: Offer) => downloadPdf('GET', offer.url, offerFile(offer))

/**
 * Purchase flow 7, commercial offers: an organisation gets the cart's goods at today's prices as a PDF
 * (its name and address filled from the registry by BIN), and can have it emailed. Needs a signed-in
 * shopper: the offer is theirs alone.
 */
export function CommercialOffer({
  cart,
  cityId,
  signedIn,
}: {
  cart: Cart
  cityId: CityId
  signedIn: boolean
}) {
  const { t, i18n } = useLingui()
  const { prefix } = useStoreLocation()
  const here = useLocation({ select: (l) => l.href })
  const [open, setOpen] = useState(false)
  const [organization, setOrganization] = useState({ bin: '', name: '', address: '' })
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState<'lookup' | 'create' | 'download' | 'email' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [offer, setOffer] = useState<Offer | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const canOffer = cart.products.some((line) => line.isActive)

  async function run(kind: NonNullable<typeof busy>, work: () => Promise<void>) {
    setBusy(kind)
    setError(null)
    try {
      await work()
    } catch (failure) {
      setError(errorText(i18n, failure))
    } finally {
      setBusy(null)
    }
  }

  const lookup = () =>
    run('lookup', async () => {
      const found = await api.post<AutofillResponse>(
        `${ACCOUNT_V2}/receivers/autofill`,
        { bin: organization.bin },
        { timeoutMs: TIMEOUTS.binAutofill },
      )
      setOrganization({ bin: found.bin, name: found.name, address: found.address })
    })

  const create = (event: FormEvent) => {
    event.preventDefault()
    void run('create', async () => {
      const body: OfferRequestBody = {
        city_id: cityId,
        cart_id: cart.id,
        organization,
        contact: email ? { email } : null,
      }
      const made = await api.post<Offer>(`${OFFER_V1}/offers`, body)
      setOffer(made)
      setSentTo(null)
      await downloadOffer(made)
    })
  }

  const send = (event: FormEvent) => {
    event.preventDefault()
    if (!offer) return
    void run('email', async () => {
      const sent = await api.get<OfferEmailSent>(`${offer.url}/emails`, { query: { email } })
      setSentTo(sent.email)
    })
  }

  const ready =
    organization.bin.length === 12 && organization.name.trim() !== '' && organization.address.trim() !== ''

  return (
    <>
      <Button variant="ghost" disabled={!canOffer} onClick={() => setOpen(true)} data-testid="offer-open">
        {t`Коммерческое предложение`}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t`Коммерческое предложение для организации`}>
        {!signedIn ? (
          <p className={styles.muted} data-testid="offer-sign-in">
            {t`Коммерческое предложение составляется на товары вашей корзины для организации.`}{' '}
            <Link to="/{-$city}/login" params={{ city: prefix }} search={{ redirect: here }}>
              {t`Войдите, чтобы его получить`}
            </Link>
          </p>
        ) : offer ? (
          <div className={styles.share} data-testid="offer-ready">
            <p>
              {t`Коммерческое предложение № ${offer.number} на сумму ${formatMoney(offer.total)} готово. Оно действует до ${formatDate(offer.valid_until)}.`}
            </p>
            <Button
              variant="secondary"
              disabled={busy !== null}
              onClick={() => void run('download', () => downloadOffer(offer))}
              data-testid="offer-download"
            >
              {busy === 'download' ? t`Готовим PDF…` : t`Скачать PDF`}
            </Button>
            <form className={styles.share} onSubmit={send}>
              <Input
                label={t`Отправить на почту`}
                type="email"
                required
                value={email}
                maxLength={254}
                onChange={(event) => setEmail(event.target.value)}
                data-testid="offer-email"
              />
              <Button type="submit" disabled={busy !== null || email === ''} data-testid="offer-send">
                {busy === 'email' ? t`Отправляем…` : t`Отправить`}
              </Button>
            </form>
            {sentTo ? (
              <p role="status" data-testid="offer-sent">
                {t`Отправили на ${sentTo}`}
              </p>
            ) : null}
          </div>
        ) : (
          <form className={styles.share} onSubmit={create} data-testid="offer-form">
            <p className={styles.muted}>
              {t`Товары корзины по сегодняшним ценам, с НДС 12%, в PDF на бланке магазина.`}
            </p>
            <Input
              label={t`БИН организации`}
              inputMode="numeric"
              required
              value={organization.bin}
              maxLength={12}
              onChange={(event) =>
                setOrganization({ ...organization, bin: event.target.value.replace(/\D/g, '').slice(0, 12) })
              }
              hint={t`12 цифр: название и адрес заполнятся из реестра`}
              data-testid="offer-bin"
            />
            <Button
              variant="secondary"
              disabled={organization.bin.length !== 12 || busy !== null}
              onClick={() => void lookup()}
              data-testid="offer-lookup"
            >
              {busy === 'lookup' ? t`Ищем в реестре…` : t`Заполнить по БИН`}
            </Button>
            <Input
              label={t`Название организации`}
              required
              value={organization.name}
              maxLength={300}
              onChange={(event) => setOrganization({ ...organization, name: event.target.value })}
              data-testid="offer-name"
            />
            <Input
              label={t`Юридический адрес`}
              required
              value={organization.address}
              maxLength={500}
              onChange={(event) => setOrganization({ ...organization, address: event.target.value })}
              data-testid="offer-address"
            />
            <Input
              label={t`Эл. почта для ответа (необязательно)`}
              type="email"
              value={email}
              maxLength={254}
              onChange={(event) => setEmail(event.target.value)}
              data-testid="offer-contact-email"
            />
            <Button type="submit" disabled={!ready || busy !== null} data-testid="offer-create">
              {busy === 'create' ? t`Составляем…` : t`Сформировать PDF`}
            </Button>
          </form>
        )}
        {error ? (
          <p className={styles.error} role="alert" data-testid="offer-error">
            {error}
          </p>
        ) : null}
      </Modal>
    </>
  )
}
