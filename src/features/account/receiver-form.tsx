import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { Organization, Receiver } from '../../../contract/account-area'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { errorText } from './errors'
import { formatPhone } from './format'
import { autofillBin, receiversKey, saveReceiver } from './queries'
import styles from './account.module.css'

/**
 * Spec 3, 5: a receiver is a person, or a person at an organisation whose name and address come from a
 * BIN lookup (which may take up to 30 s). An empty email means the profile's email is used.
 */
export function ReceiverForm({ receiver, onDone }: { receiver?: Receiver; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [firstname, setFirstname] = useState(receiver?.firstname ?? '')
  const [lastname, setLastname] = useState(receiver?.lastname ?? '')
  const [phone, setPhone] = useState(receiver ? formatPhone(receiver.phone) : '')
  const [email, setEmail] = useState(receiver && !receiver.emailFromProfile ? (receiver.email ?? '') : '')
  const [isOrganization, setIsOrganization] = useState(receiver?.isOrganization ?? false)
  const [bin, setBin] = useState(receiver?.organization?.bin ?? '')
  const [organization, setOrganization] = useState<Organization | null>(receiver?.organization ?? null)

  const lookup = useMutation({
    mutationFn: () => autofillBin(bin.trim()),
    onSuccess: (found) => setOrganization(found),
    onError: () => setOrganization(null),
  })
  const save = useMutation({
    mutationFn: () =>
      saveReceiver(
        {
          firstname,
          lastname,
          phone,
          email,
          isOrganization,
          organization: isOrganization ? organization : null,
        },
        receiver?.id,
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: receiversKey })
      onDone()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }
  const needsOrganization = isOrganization && !organization

  return (
    <form className={styles.form} onSubmit={submit} data-testid="receiver-form">
      <Input
        label={t`Имя`}
        name="firstname"
        value={firstname}
        onChange={(e) => setFirstname(e.target.value)}
        required
        maxLength={100}
      />
      <Input
        label={t`Фамилия`}
        name="lastname"
        value={lastname}
        onChange={(e) => setLastname(e.target.value)}
        required
        maxLength={100}
      />
      <Input
        label={t`Телефон`}
        name="phone"
        type="tel"
        inputMode="tel"
        placeholder="+7 999 999 99 99"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        required
        maxLength={20}
      />
      <Input
        label={t`Электронная почта`}
        name="email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        maxLength={254}
        hint={t`Если не указать, чеки придут на почту из профиля`}
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={isOrganization}
          onChange={(e) => setIsOrganization(e.target.checked)}
          data-testid="receiver-is-organization"
        />
        {t`Получатель — организация`}
      </label>
      {isOrganization ? (
        <div className={`${styles.formWide} ${styles.form}`}>
          <Input
            label={t`БИН организации`}
            name="bin"
            inputMode="numeric"
            value={bin}
            onChange={(e) => {
              setBin(e.target.value.replace(/\D/g, '').slice(0, 12))
              setOrganization(null)
            }}
            maxLength={12}
            pattern="\d{12}"
            hint={t`12 цифр: название и адрес заполнятся из реестра`}
            error={lookup.isError ? errorText(i18n, lookup.error) : undefined}
          />
          <div className={styles.actions}>
            <Button
              variant="secondary"
              disabled={bin.length !== 12 || lookup.isPending}
              onClick={() => lookup.mutate()}
              data-testid="receiver-bin-lookup"
            >
              {lookup.isPending ? t`Ищем в реестре…` : t`Найти по БИН`}
            </Button>
          </div>
          {organization ? (
            <p className={`${styles.notice} ${styles.formWide}`} data-testid="receiver-organization-found">
              {organization.name}
              <br />
              {organization.address}
            </p>
          ) : null}
        </div>
      ) : null}
      {save.isError ? (
        <p className={`${styles.error} ${styles.formWide}`} role="alert">
          {errorText(i18n, save.error)}
        </p>
      ) : null}
      <div className={`${styles.actions} ${styles.formWide}`}>
        <Button type="submit" disabled={save.isPending || needsOrganization} data-testid="receiver-save">
          {t`Сохранить получателя`}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t`Отмена`}
        </Button>
      </div>
    </form>
  )
}
