import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { ProgressBar } from '../../ui/progress-bar'

/** The route-change progress bar (spec 2.8), driven by the router's pending state; no spinner. */
export function RouteProgress() {
  const { t } = useLingui()
  const pending = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading })
  return <ProgressBar active={pending} label={t`Загрузка страницы`} />
}
