import { useLingui } from '@lingui/react/macro'

/** `/admin` itself: the frame sends the staff member on to the first part of their role. */
export function AdminHome() {
  const { t } = useLingui()
  return <p role="status">{t`Загрузка…`}</p>
}
