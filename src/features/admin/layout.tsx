import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { Lang } from '../../../contract/values/common'
import { adminApi, needsStaffSignIn } from './api'
import { AdminLink, useAdminNavigate } from './link'
import { applyAdminLang, savedAdminLang } from './locale'
import { meQuery } from './queries'
import { ADMIN_SECTIONS, homeOf, mayOpen } from './sections'
import styles from './admin.module.css'

/**
 * The back office's frame: its navigation (the parts of the staff member's role), who is signed in, the
 * language and sign-out, and the page. Without a staff sign-in it sends the staff member to sign in.
 */
export function AdminLayout() {
  const { t, i18n } = useLingui()
  const me = useQuery(meQuery())
  const queryClient = useQueryClient()
  const navigate = useAdminNavigate()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const [lang, setLang] = useState<Lang>(savedAdminLang)
  const signedOut = me.isError && needsStaffSignIn(me.error)

  useEffect(() => {
    if (signedOut) navigate(`/admin/sign-in?next=${encodeURIComponent(pathname)}`, { replace: true })
  }, [signedOut, navigate, pathname])
  useEffect(() => {
    if (me.data && (pathname === '/admin' || pathname === '/admin/'))
      navigate(homeOf(me.data.role), { replace: true })
  }, [me.data, pathname, navigate])

  if (!me.data) {
    return (
      <div className={styles.signIn} role="status">
        {me.isError && !signedOut ? t`Не удалось связаться с сервером. Обновите страницу.` : t`Загрузка…`}
      </div>
    )
  }
  const staff = me.data
  const signOut = async () => {
    await adminApi.post('/auth/sign-out').catch(() => undefined)
    queryClient.removeQueries({ queryKey: ['admin'] })
    navigate('/admin/sign-in', { replace: true })
  }
  const switchLang = async (next: Lang) => {
    await applyAdminLang(next)
    setLang(next)
  }
  const roleName = { operator: t`оператор`, moderator: t`модератор`, admin: t`администратор` }[staff.role]
  return (
    <div className={styles.frame}>
      <nav className={styles.nav} aria-label={t`Разделы`}>
        <p className={styles.brand}>{t`Техно магазин · офис`}</p>
        {ADMIN_SECTIONS.filter((s) => mayOpen(s, staff.role)).map((s) => (
          <AdminLink
            key={s.path}
            href={s.path}
            className={styles.navLink}
            aria-current={pathname.startsWith(s.path) ? 'page' : undefined}
          >
            {i18n._(s.label)}
          </AdminLink>
        ))}
        <div className={styles.who}>
          <div data-testid="admin-who">
            {staff.name || staff.login} · {roleName}
          </div>
          <div className={styles.langs} role="group" aria-label={t`Язык`}>
            {(['ru', 'kk'] as const).map((l) => (
              <button key={l} type="button" aria-pressed={lang === l} onClick={() => void switchLang(l)}>
                {l === 'ru' ? 'Рус' : 'Қаз'}
              </button>
            ))}
          </div>
          <button type="button" className={styles.button} onClick={() => void signOut()}>
            {t`Выйти`}
          </button>
        </div>
      </nav>
      <main className={styles.main}>
        <Outlet />
      </main>
    </div>
  )
}
