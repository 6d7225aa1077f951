import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { Receiver } from '../../../contract/account-area'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { digitsFromInput, formatPhone } from '../auth'
import { autofillBin } from './api'
import { receiversQuery } from '../account'
import { failureText, serverMessage } from './messages'
import { receiverProblems, type ReceiverProblem } from './rules'
import { useCheckoutForm, type Buyer, type CheckoutForm } from './state'
import styles from './checkout.module.css'

/** A saved receiver's fields in the form's shape. */
export function fromReceiver(receiver: Receiver): Pick<CheckoutForm, 'buyer' | 'receiver' | 'organization'> {
  const phone = receiver.phone.replace(/\D/g, '')
  return {
    buyer: receiver.isOrganization ? 'organization' : 'individual',
    receiver: {
      firstname: receiver.firstname,
      lastname: receiver.lastname,
      phone: phone.length === 11 ? phone.slice(1) : phone,
      email: receiver.emailFromProfile ? '' : (receiver.email ?? ''),
    },
    organization: receiver.organization ?? { bin: '', name: '', address: '' },
  }
}

/**
 * Step 1: who receives the order. A person, or an organisation whose name and address come from the
 * registry by its BIN (purchase flow 5: an organisation needs all three). Saved receivers fill the form.
 */
export function ReceiverStep({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui()
  const { form, patch } = useCheckoutForm()
  const [shown, setShown] = useState<ReceiverProblem[]>([])
  const receivers = useQuery(receiversQuery())
  const { receiver, organization } = form

  const lookup = useMutation({
    mutationFn: () => autofillBin(organization.bin),
    onSuccess: (found) => patch({ organization: { ...found } }),
  })

  const setReceiver = (changes: Partial<CheckoutForm['receiver']>) => {
    patch({ receiver: { ...receiver, ...changes } })
    setShown([])
  }
  const setOrganization = (changes: Partial<CheckoutForm['organization']>) => {
    patch({ organization: { ...organization, ...changes } })
    setShown([])
  }
  // A change of buyer changes what may be offered (organisations get courier delivery and a transfer).
  const setBuyer = (buyer: Buyer) =>
    patch({ buyer, method: null, payment: { method: null, savedCardId: null, createCard: false } })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = receiverProblems(form)
    setShown(problems)
    if (problems.length === 0) onDone()
  }

  const problem = (name: ReceiverProblem, text: string) => (shown.includes(name) ? text : undefined)
  const saved = receivers.data ?? []
  const lookupError = lookup.isError
    ? (serverMessage(i18n, (lookup.error as { messageKey?: string }).messageKey ?? '') ??
      failureText(i18n, { kind: 'generic' }))
    : undefined

  return (
    <form className={styles.card} onSubmit={submit} noValidate data-testid="checkout-receiver">
      <h2 className={styles.cardTitle}>{t`Получатель`}</h2>
      <fieldset className={styles.segmented}>
        <legend className="visually-hidden">{t`Кто покупает`}</legend>
        <label className={styles.segment}>
          <input
            type="radio"
            name="buyer"
            checked={form.buyer === 'individual'}
            onChange={() => setBuyer('individual')}
            data-testid="buyer-individual"
          />
          <span className={styles.segmentTitle}>{t`Физическое лицо`}</span>
          <span className={styles.segmentNote}>{t`Покупаю для себя`}</span>
        </label>
        <label className={styles.segment}>
          <input
            type="radio"
            name="buyer"
            checked={form.buyer === 'organization'}
            onChange={() => setBuyer('organization')}
            data-testid="buyer-organization"
          />
          <span className={styles.segmentTitle}>{t`Организация`}</span>
          <span className={styles.segmentNote}>{t`Оплата по счёту, закрывающие документы`}</span>
        </label>
      </fieldset>

      {saved.length > 0 ? (
        <div className={styles.field}>
          <span className={styles.label}>{t`Сохранённые получатели`}</span>
          <div className={styles.actions}>
            {saved.map((item) => (
              <Button
                key={item.id}
                variant="secondary"
                size="s"
                onClick={() => {
                  patch(fromReceiver(item))
                  setShown([])
                }}
                data-testid="saved-receiver"
              >
                {item.firstname} {item.lastname}
                {item.organization ? ` · ${item.organization.name}` : ''}
              </Button>
            ))}
          </div>
        </div>
      ) : null}

      <div className={styles.form}>
        <Input
          label={t`Имя`}
          autoComplete="given-name"
          value={receiver.firstname}
          maxLength={100}
          required
          onChange={(event) => setReceiver({ firstname: event.target.value })}
          error={problem('firstname', t`Укажите имя`)}
          data-testid="receiver-firstname"
        />
        <Input
          label={t`Фамилия`}
          autoComplete="family-name"
          value={receiver.lastname}
          maxLength={100}
          required
          onChange={(event) => setReceiver({ lastname: event.target.value })}
          error={problem('lastname', t`Укажите фамилию`)}
          data-testid="receiver-lastname"
        />
        <Input
          label={t`Телефон получателя`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+7 999 999 99 99"
          value={formatPhone(receiver.phone)}
          onChange={(event) => setReceiver({ phone: digitsFromInput(event.target.value) })}
          error={problem('phone', t`Введите номер полностью: +7 и 10 цифр`)}
          data-testid="receiver-phone"
        />
        <Input
          label={t`Электронная почта`}
          type="email"
          autoComplete="email"
          value={receiver.email}
          maxLength={254}
          onChange={(event) => setReceiver({ email: event.target.value })}
          hint={t`Необязательно: иначе используется почта из профиля`}
          error={problem('email', t`Проверьте адрес почты`)}
          data-testid="receiver-email"
        />
      </div>

      {form.buyer === 'organization' ? (
        <div className={styles.form} data-testid="receiver-organization">
          <Input
            label={t`БИН организации`}
            inputMode="numeric"
            value={organization.bin}
            maxLength={12}
            onChange={(event) => setOrganization({ bin: event.target.value.replace(/\D/g, '').slice(0, 12) })}
            hint={t`12 цифр: название и адрес заполнятся из реестра`}
            error={lookupError ?? problem('bin', t`БИН — это 12 цифр`)}
            data-testid="organization-bin"
          />
          <div className={styles.field}>
            <span className={styles.label} aria-hidden="true">
              &nbsp;
            </span>
            <Button
              variant="secondary"
              disabled={organization.bin.length !== 12 || lookup.isPending}
              onClick={() => lookup.mutate()}
              data-testid="organization-lookup"
            >
              {lookup.isPending ? t`Ищем в реестре…` : t`Заполнить по БИН`}
            </Button>
          </div>
          <Input
            className={styles.wide}
            label={t`Название организации`}
            value={organization.name}
            maxLength={300}
            onChange={(event) => setOrganization({ name: event.target.value })}
            error={problem('organizationName', t`Укажите название организации`)}
            data-testid="organization-name"
          />
          <Input
            className={styles.wide}
            label={t`Юридический адрес`}
            value={organization.address}
            maxLength={500}
            onChange={(event) => setOrganization({ address: event.target.value })}
            error={problem('organizationAddress', t`Укажите адрес организации`)}
            data-testid="organization-address"
          />
        </div>
      ) : null}

      <div className={styles.actions}>
        <Button type="submit" data-testid="checkout-next">
          {t`Продолжить`}
        </Button>
      </div>
    </form>
  )
}
