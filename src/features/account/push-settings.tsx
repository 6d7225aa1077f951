import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useOptimistic, useState, useTransition } from 'react'
import type { PushSubscriptionView } from '../../../contract/push'
import { PUSH_TOPICS, type PushTopic } from '../../../contract/values/push'
import { useStoreLocation } from '../../url/store-location'
import { Button } from '../../ui/button'
import { useHydrated } from '../../ui/use-hydrated'
import { Skeleton } from '../../ui/skeleton'
import { toast } from '../../ui/toast/toast-store'
import { errorText } from './errors'
import {
  disablePush,
  enablePush,
  pushStateKey,
  pushStateQuery,
  pushUnavailable,
  updatePush,
  type PushState,
  type PushUnavailable,
} from './push-queries'
import styles from './account.module.css'

/**
 * Push notifications on this device (issue 24): off until the shopper turns them on here (the browser
 * then asks its own permission), with a switch per topic and a way to turn them off again. Where the
 * browser cannot take push, the section says why instead.
 */
export default function PushSettings() {
  const { t } = useLingui()
  // read after hydration: the server render knows nothing of the browser
  const hydrated = useHydrated()
  const [refused, setRefused] = useState(false)
  const unavailable: PushUnavailable | 'unknown' = !hydrated
    ? 'unknown'
    : refused
      ? 'denied'
      : pushUnavailable()
  return (
    <section className={styles.card} data-testid="push-settings">
      <h2>{t`Уведомления на этом устройстве`}</h2>
      {unavailable === 'unknown' ? (
        <Skeleton height={40} />
      ) : unavailable ? (
        <UnavailableReason reason={unavailable} />
      ) : (
        <PushControls onDenied={() => setRefused(true)} />
      )}
    </section>
  )
}

function UnavailableReason({ reason }: { reason: Exclude<PushUnavailable, null> }) {
  const { t } = useLingui()
  const text =
    reason === 'ios-not-installed'
      ? t`На iPhone и iPad уведомления приходят только в приложение магазина: добавьте сайт на экран «Домой» (кнопка «Поделиться» в Safari) и откройте его оттуда.`
      : reason === 'denied'
        ? t`Уведомления от магазина запрещены в настройках браузера. Разрешите их для этого сайта, чтобы включить.`
        : t`Этот браузер не поддерживает push-уведомления.`
  return (
    <p className={styles.muted} data-testid="push-unavailable" data-reason={reason}>
      {text}
    </p>
  )
}

function PushControls({ onDenied }: { onDenied: () => void }) {
  const { t, i18n } = useLingui()
  const { cityId, lang } = useStoreLocation()
  const queryClient = useQueryClient()
  const { data, isPending, isError } = useQuery(pushStateQuery())
  const set = (subscription: PushSubscriptionView | null) =>
    queryClient.setQueryData<PushState>(pushStateKey, { subscription })
  const onError = (error: Error) => toast.show({ status: 'error', title: errorText(i18n, error) })

  const enable = useMutation({
    mutationFn: () => enablePush(cityId),
    onSuccess: (result) => (result === 'denied' ? onDenied() : set(result)),
    onError,
  })
  const update = useMutation({
    mutationFn: (change: Parameters<typeof updatePush>[1]) =>
      updatePush(data!.subscription!.id, change, cityId),
    onSuccess: set,
    onError,
  })
  const disable = useMutation({
    mutationFn: () => disablePush(data!.subscription!.id),
    onSuccess: () => set(null),
    onError,
  })

  // the messages come in the language the shopper last used the store in on this device
  const subscribedLang = data?.subscription?.lang
  const { mutate } = update
  useEffect(() => {
    if (subscribedLang && subscribedLang !== lang) mutate({ lang })
  }, [subscribedLang, lang, mutate])

  if (isPending) return <Skeleton height={40} />
  if (isError) return <p className={styles.error}>{t`Не удалось загрузить настройки уведомлений.`}</p>
  const subscription = data.subscription
  if (!subscription)
    return (
      <>
        <p className={styles.muted}>
          {t`Сообщим о смене статуса заказа, снижении цены и поступлении товаров из избранного, даже когда сайт закрыт.`}
        </p>
        <div>
          <Button onClick={() => enable.mutate()} disabled={enable.isPending} data-testid="push-enable">
            {t`Включить уведомления`}
          </Button>
        </div>
      </>
    )

  const names: Record<PushTopic, string> = {
    order_status: t`Статус заказа`,
    price_drop: t`Снижение цены на товары из избранного`,
    back_in_stock: t`Товары из избранного снова в наличии`,
  }
  return (
    <>
      <p className={styles.muted} data-testid="push-enabled">
        {t`Уведомления включены на этом устройстве.`}
      </p>
      <fieldset className={styles.form}>
        <legend className={styles.muted}>{t`О чём сообщать`}</legend>
        <TopicSwitches
          topics={subscription.topics}
          names={names}
          onChange={(topics) => update.mutateAsync({ topics })}
        />
      </fieldset>
      <div>
        <Button
          variant="secondary"
          onClick={() => disable.mutate()}
          disabled={disable.isPending}
          data-testid="push-disable"
        >
          {t`Отключить уведомления`}
        </Button>
      </div>
    </>
  )
}

type Topics = Record<PushTopic, boolean>

/**
 * A switch per topic, moved in the render of the tap itself: moved through the query cache, whose
 * observers hear of a change a task later, it still showed the old state just after the tap (the push
 * journey's uncheck failed so on a fast machine). A refusal leaves the saved topics as they were, which
 * the switch then shows again, and the toast says why.
 */
function TopicSwitches({
  topics,
  names,
  onChange,
}: {
  topics: Topics
  names: Record<PushTopic, string>
  /** Saves the change; settles when the saved topics are in the cache (or it was refused). */
  onChange: (change: Partial<Topics>) => Promise<unknown>
}) {
  const [shown, show] = useOptimistic(topics, (now: Topics, change: Partial<Topics>) => ({
    ...now,
    ...change,
  }))
  const [, startTransition] = useTransition()
  return PUSH_TOPICS.map((topic) => (
    <label key={topic} className={styles.check}>
      <input
        type="checkbox"
        checked={shown[topic]}
        onChange={(e) => {
          const change = { [topic]: e.currentTarget.checked }
          startTransition(async () => {
            show(change)
            await onChange(change).catch(() => undefined)
          })
        }}
        data-testid={`push-topic-${topic}`}
      />
      {names[topic]}
    </label>
  ))
}
