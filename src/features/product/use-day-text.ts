import { useLingui } from '@lingui/react/macro'
import { useStoreLocation } from '../../url/store-location'
import { formatDays, storeToday } from './day-month'

/**
 * Turns ISO dates into the words of the delivery and pickup lines: "сегодня", "завтра", "05 мая", or a
 * range "24–26 ноября", in the page's language, counted from today in Kazakhstan.
 */
export function useDayText(now: Date = new Date()): (from: string, to?: string) => string {
  const { t } = useLingui()
  const { lang } = useStoreLocation()
  const today = storeToday(now)
  const words = { today: t`сегодня`, tomorrow: t`завтра` }
  return (from, to = from) => formatDays(from, to, lang, today, words)
}
