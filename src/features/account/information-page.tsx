import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState, type FormEvent } from 'react'
import type { Profile } from '../../../contract/account'
import { useProfile } from '../../session/session'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { toast } from '../../ui/toast/toast-store'
import { formatPhone } from './format'
import { errorText } from './errors'
import { applyProfile, saveProfile } from './queries'
import styles from './account.module.css'

// a chunk of its own: only this page needs it, and it only matters once the page is on screen
const PushSettings = lazy(() => import('./push-settings'))

/** Spec 2.6: the profile section has a read mode and an edit mode; push notifications are set below it. */
export function InformationPage() {
  const profile = useProfile()
  const [editing, setEditing] = useState(false)
  if (!profile) return null
  return (
    <>
      {editing ? (
        <ProfileForm profile={profile} onDone={() => setEditing(false)} />
      ) : (
        <ProfileView profile={profile} onEdit={() => setEditing(true)} />
      )}
      <Suspense fallback={null}>
        <PushSettings />
      </Suspense>
    </>
  )
}

function ProfileView({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  const { t } = useLingui()
  const name = [profile.firstname, profile.lastname].filter(Boolean).join(' ')
  return (
    <section className={styles.card} data-testid="profile-view">
      <div className={styles.cardHead}>
        <h2>{t`Личные данные`}</h2>
        <Button variant="secondary" size="s" onClick={onEdit} data-testid="profile-edit">
          {t`Изменить`}
        </Button>
      </div>
      <dl className={styles.grid}>
        <div>
          <dt className={styles.muted}>{t`Имя и фамилия`}</dt>
          <dd data-testid="profile-name">{name || t`Не указано`}</dd>
        </div>
        <div>
          <dt className={styles.muted}>{t`Телефон`}</dt>
          <dd>{formatPhone(profile.phone)}</dd>
        </div>
        <div>
          <dt className={styles.muted}>{t`Электронная почта`}</dt>
          <dd data-testid="profile-email">{profile.email ?? t`Не указана`}</dd>
        </div>
        <div>
          <dt className={styles.muted}>{t`Тип аккаунта`}</dt>
          <dd>{profile.type === 'organization' ? t`Организация` : t`Частное лицо`}</dd>
        </div>
      </dl>
    </section>
  )
}

function ProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [firstname, setFirstname] = useState(profile.firstname)
  const [lastname, setLastname] = useState(profile.lastname)
  const [email, setEmail] = useState(profile.email ?? '')
  const save = useMutation({
    mutationFn: () =>
      saveProfile({ firstname: firstname.trim(), lastname: lastname.trim(), email: email.trim() }),
    onSuccess: (saved) => {
      applyProfile(queryClient, saved)
      toast.show({ status: 'success', title: t`Данные сохранены` })
      onDone()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }
  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={submit} data-testid="profile-form">
      <Input
        label={t`Имя`}
        value={firstname}
        onChange={(e) => setFirstname(e.target.value)}
        required
        maxLength={100}
        autoComplete="given-name"
        name="firstname"
      />
      <Input
        label={t`Фамилия`}
        value={lastname}
        onChange={(e) => setLastname(e.target.value)}
        maxLength={100}
        autoComplete="family-name"
        name="lastname"
      />
      <Input
        label={t`Электронная почта`}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        maxLength={254}
        autoComplete="email"
        name="email"
      />
      {save.isError ? (
        <p className={`${styles.error} ${styles.formWide}`} role="alert">
          {errorText(i18n, save.error)}
        </p>
      ) : null}
      <div className={`${styles.actions} ${styles.formWide}`}>
        <Button type="submit" disabled={save.isPending} data-testid="profile-save">
          {t`Сохранить`}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t`Отмена`}
        </Button>
      </div>
    </form>
  )
}
