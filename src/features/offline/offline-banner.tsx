import { useLingui } from '@lingui/react/macro'
import type { QueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useOnline } from '../../data/use-online'
import { formatDate } from '../../i18n/format'
import { clockText, storeTime } from '../../i18n/store-clock'
import { pageDataAge, type PageDataAge } from './page-data-age'
import styles from './offline.module.css'

function usePageDataAge(queryClient: QueryClient): PageDataAge {
  const [age, setAge] = useState(() => pageDataAge(queryClient))
  useEffect(() => {
    let timer: number | undefined
    const update = () => {
      // A navigation changes many queries at once: look once they have settled.
      window.clearTimeout(timer)
      timer = window.setTimeout(() => {
        setAge((prev) => {
          const next = pageDataAge(queryClient)
          return prev.oldest === next.oldest && prev.refreshFailed === next.refreshFailed ? prev : next
        })
      }, 200)
    }
    const unsubscribe = queryClient.getQueryCache().subscribe(update)
    update()
    return () => {
      unsubscribe()
      window.clearTimeout(timer)
    }
  }, [queryClient])
  return age
}

/** `27.11.2026 14:05`, in the store's time (Kazakhstan). */
function when(ms: number): string {
  const date = new Date(ms)
  return `${formatDate(date)} ${clockText(storeTime(date))}`
}

/**
 * Offline: a bar along the bottom saying so, what still works and when the data on screen was last
 * fetched. Online, the same bar with that time when a refresh of what is on screen failed (a server
 * error, a network that is there and does not answer), with a button to try again.
 */
export function OfflineBanner({ queryClient }: { queryClient: QueryClient }) {
  const { t } = useLingui()
  const online = useOnline()
  const { oldest, refreshFailed } = usePageDataAge(queryClient)
  const updated = oldest === null ? null : when(oldest)

  if (!online) {
    return (
      <div className={styles.banner} role="status" data-testid="offline-banner">
        <strong>{t`Нет соединения с интернетом`}</strong>
        <span>
          {updated
            ? t`Показаны сохранённые данные от ${updated}. Заказ, оплата и вход — когда сеть появится.`
            : t`Открываются сохранённые страницы. Заказ, оплата и вход — когда сеть появится.`}
        </span>
      </div>
    )
  }
  if (refreshFailed && updated) {
    return (
      <div className={styles.stale} role="status" data-testid="stale-banner">
        <span>{t`Не удалось обновить страницу: данные от ${updated}`}</span>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => void queryClient.refetchQueries({ type: 'active' })}
        >
          {t`Повторить`}
        </button>
      </div>
    )
  }
  return null
}
