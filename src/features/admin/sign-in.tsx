import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import type { StaffTokens } from '../../../contract/staff'
import { adminApi, isAdminError } from './api'
import { searchOf, useAdminNavigate } from './link'
import { meQuery } from './queries'
import { homeOf } from './sections'
import styles from './admin.module.css'

/** The back office's sign-in: login and password of a staff account (`npm run staff -- add`). */
export function AdminSignIn() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useAdminNavigate()
  const next = useRouterState({ select: (s) => searchOf(s.location.searchStr).get('next') })
  const [login, setLogin] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      const tokens = await adminApi.post<StaffTokens>('/auth/sign-in', { login, password })
      queryClient.setQueryData(meQuery().queryKey, tokens.staff)
      const back = next && next.startsWith('/admin/') && !next.startsWith('/admin/sign-in') ? next : null
      navigate(back ?? homeOf(tokens.staff.role), { replace: true })
    } catch (e) {
      setError(
        isAdminError(e, 429)
          ? t`Слишком много попыток. Попробуйте позже.`
          : isAdminError(e, 403)
            ? t`Учётная запись отключена.`
            : isAdminError(e, 400, 401)
              ? t`Неверный логин или пароль.`
              : t`Не удалось войти. Попробуйте ещё раз.`,
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className={styles.signIn}>
      <form onSubmit={(e) => void submit(e)}>
        <h1>{t`Вход для сотрудников`}</h1>
        <label>
          {t`Логин`}
          <input
            name="login"
            autoComplete="username"
            value={login}
            onChange={(e) => setLogin(e.target.value)}
            required
          />
        </label>
        <label>
          {t`Пароль`}
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className={styles.primary} aria-busy={busy}>
          {t`Войти`}
        </button>
      </form>
    </main>
  )
}
