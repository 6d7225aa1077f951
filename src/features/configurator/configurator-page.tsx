import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { use, useEffect, useState } from 'react'
import { loadFeatureMessages } from '../../i18n/feature-messages'
import { useEnsureCart } from '../../cart/add-to-cart'
import { cartErrorText, CART_MESSAGES } from '../../cart/messages'
import { isApiError } from '../../data/api-error'
import { useOutboxItems } from '../../data/use-outbox-items'
import type { OutboxItem } from '../../data/outbox-item'
import { PageFrame } from '../../page/page-frame'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { toast } from '../../ui/toast/toast-store'
import { useStoreLocation } from '../../url/store-location'
import { ownConfigurationValueAtom } from './atoms'
import { missingRequired, orderedKinds } from './banner'
import { CompatibilityBanner, SlotList, Summary } from './build-view'
import { addBuildToCart } from './cart-batch'
import { FAILURES, failureText } from './messages'
import { PartPicker } from './part-picker'
import {
  componentsInfoQuery,
  configurationQuery,
  copySharedConfiguration,
  createConfiguration,
  inputsOf,
  pendingKey,
  pushComponents,
  sharedConfigurationQuery,
  storeOwnConfiguration,
  withPart,
} from './queries'
import { ShareConfiguration } from './share'
import type { ComponentCode, ComponentInfo, Configuration, ConfigurationComponent } from './types'
import styles from './configurator.module.css'

/** What a shopper without a configuration sees: every slot empty, nothing on the server yet. */
export function emptyConfiguration(info: ComponentInfo[], cityId: number): Configuration {
  return {
    id: '',
    shareCode: '',
    name: null,
    cityId,
    components: [],
    incompatibleComponents: [],
    messages: [],
    componentsInfo: info,
    missingComponents: info.filter((i) => i.isRequired).map((i) => i.code),
    totalPrice: 0,
    estimatedWattage: 0,
    recommendedWattage: 0,
    isComplete: false,
    isOwner: true,
    assemblyService: null,
    cartBatch: null,
    updatedAt: '',
  }
}

function LoadingBuild() {
  return (
    <div className={styles.layout} aria-busy="true" data-testid="configurator-loading">
      <div className={styles.main}>
        <Skeleton height={72} radius={10} />
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={120} radius={10} />
        ))}
      </div>
      <Skeleton height={240} radius={10} />
    </div>
  )
}

function FailedBuild({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useLingui()
  return (
    <div className={styles.failed} role="alert" data-testid="configurator-error">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t`Повторить`}
      </Button>
    </div>
  )
}

/** The device's configuration: its id from IndexedDB, the configuration from the (persisted) cache. */
function useConfiguration() {
  const own = useAtomValue(ownConfigurationValueAtom)
  const { cityId } = useStoreLocation()
  const info = useQuery(componentsInfoQuery())
  const configuration = useQuery({
    ...configurationQuery(own ?? { id: '', token: null }, cityId),
    enabled: Boolean(own),
  })
  const gone = configuration.isError && isApiError(configuration.error, [403, 404])
  useEffect(() => {
    // A configuration deleted or not this shopper's: start a new one rather than show an error for ever.
    if (gone) void storeOwnConfiguration(null)
  }, [gone])
  return { own, id: own === undefined ? undefined : (own?.id ?? null), info, configuration }
}

/**
 * `/configurator` (browsing 4): a slot per kind of part, a "choose" list of the parts that fit what is
 * chosen, the compatibility banner, the estimated draw, the total with its monthly payment, a share link
 * and "add everything to the cart with assembly".
 */
export function ConfiguratorPage() {
  const { i18n } = useLingui()
  use(loadFeatureMessages('configurator', useStoreLocation().lang, i18n))
  return <OwnConfiguration />
}

function OwnConfiguration() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { cityId, prefix } = useStoreLocation()
  const { own, id, info, configuration } = useConfiguration()
  const [picking, setPicking] = useState<ComponentCode | null>(null)
  const [busy, setBusy] = useState(false)
  const { ensure, creating } = useEnsureCart()
  const pending = useOutboxItems((item: OutboxItem) => Boolean(id) && item.dedupeKey === pendingKey(id ?? ''))

  const kinds = orderedKinds(configuration.data?.componentsInfo ?? info.data ?? [])
  let body
  if (id === undefined || (id && configuration.isPending) || (!configuration.data && info.isPending)) {
    body = <LoadingBuild />
  } else if (id && configuration.isError && !configuration.data) {
    body = (
      <FailedBuild
        message={failureText(i18n, configuration.error, FAILURES.get)}
        onRetry={() => void configuration.refetch()}
      />
    )
  } else if (!configuration.data && info.isError) {
    body = (
      <FailedBuild
        message={failureText(i18n, info.error, FAILURES.components)}
        onRetry={() => void info.refetch()}
      />
    )
  } else {
    const build = configuration.data ?? emptyConfiguration(info.data ?? [], cityId)
    const missing = missingRequired(build.componentsInfo, build.components)
    const hasErrors = build.incompatibleComponents.length > 0
    const batch = build.isComplete ? build.cartBatch : null

    const change = async (next: ConfigurationComponent[]) => {
      if (configuration.data) {
        const outcome = await pushComponents(
          queryClient,
          configuration.data,
          own?.token ?? null,
          next,
          cityId,
        ).outcome
        if (outcome.status === 'failed') toast.error(failureText(i18n, outcome.error, FAILURES.change))
        return
      }
      // The first part chosen creates the configuration, with that part in it.
      setBusy(true)
      try {
        await createConfiguration(queryClient, cityId, inputsOf(next))
      } catch (error) {
        toast.error(failureText(i18n, error, FAILURES.create))
      } finally {
        setBusy(false)
      }
    }

    const addToCart = async () => {
      if (!batch) return
      const target = await ensure()
      if (!target) return
      setBusy(true)
      const outcome = await addBuildToCart(target, batch)
      setBusy(false)
      if (outcome.status === 'failed') {
        toast.error(cartErrorText(i18n, outcome.error))
        return
      }
      if (outcome.status === 'done') toast.success(i18n._(CART_MESSAGES.productsSuccessfullyAdded))
      void navigate({ to: '/{-$city}/cart', params: { city: prefix } })
    }

    body = (
      <div className={styles.layout}>
        <div className={styles.main}>
          <CompatibilityBanner configuration={build} />
          <SlotList
            configuration={build}
            info={kinds}
            actions={(kind, component) => (
              <>
                <Button
                  size="s"
                  variant={component ? 'secondary' : 'primary'}
                  disabled={busy}
                  onClick={() => setPicking(kind.code)}
                  data-testid="slot-choose"
                >
                  {component ? t`Заменить` : t`Выбрать`}
                </Button>
                {component ? (
                  <Button
                    size="s"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => void change(withPart(build.components, kind.code, null))}
                    data-testid="slot-remove"
                  >
                    {t`Убрать`}
                  </Button>
                ) : null}
              </>
            )}
          />
        </div>
        <aside className={styles.side}>
          <Summary configuration={build}>
            {pending.length > 0 ? (
              <p className={styles.muted} data-testid="configurator-pending">
                {t`Изменения сохранятся, когда вернётся сеть`}
              </p>
            ) : null}
            <Button
              block
              disabled={!batch || busy || creating}
              onClick={() => void addToCart()}
              data-testid="configurator-add-to-cart"
            >
              {t`В корзину со сборкой`}
            </Button>
            {!batch && build.components.length > 0 && pending.length === 0 ? (
              <p className={styles.muted} data-testid="configurator-cannot-order">
                {hasErrors
                  ? t`Замените несовместимые детали, чтобы заказать сборку`
                  : missing.length > 0
                    ? t`Выберите все обязательные детали, чтобы заказать сборку`
                    : t`Замените детали, которых нет в наличии в вашем городе, чтобы заказать сборку`}
              </p>
            ) : null}
            <ShareConfiguration configuration={configuration.data ?? null} />
            {build.components.length > 0 ? (
              <Button
                block
                variant="ghost"
                disabled={busy}
                onClick={() => void change([])}
                data-testid="configurator-reset"
              >
                {t`Начать заново`}
              </Button>
            ) : null}
          </Summary>
        </aside>
        <PartPicker
          code={picking}
          components={build.components}
          onClose={() => setPicking(null)}
          onPick={(part) => {
            const code = picking
            setPicking(null)
            if (code) void change(withPart(build.components, code, part))
          }}
        />
      </div>
    )
  }

  return (
    <PageFrame
      title={t`Конфигуратор ПК`}
      description={t`Соберите компьютер из совместимых деталей: мы проверим сокет, память, размеры и питание и объясним, что не подходит.`}
      crumbs={[{ label: t`Каталог`, path: '/catalog' }]}
      backLinks={false}
      testId="configurator-page"
    >
      {body}
    </PageFrame>
  )
}

/**
 * `/configurator/shared/{code}`: a build someone shared, read-only with its banner and total in the
 * shopper's city, and a button that copies it into the shopper's own configurator.
 */
export function SharedConfigurationPage({ code }: { code: string }) {
  const { i18n } = useLingui()
  use(loadFeatureMessages('configurator', useStoreLocation().lang, i18n))
  return <SharedConfiguration code={code} />
}

function SharedConfiguration({ code }: { code: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { cityId, prefix } = useStoreLocation()
  const shared = useQuery(sharedConfigurationQuery(code, cityId))
  const [taking, setTaking] = useState(false)

  async function takeIt() {
    if (!shared.data) return
    setTaking(true)
    try {
      await copySharedConfiguration(queryClient, cityId, code)
      void navigate({ to: '/{-$city}/configurator', params: { city: prefix } })
    } catch (error) {
      toast.error(failureText(i18n, error, FAILURES.create))
    } finally {
      setTaking(false)
    }
  }

  let body
  if (shared.data) {
    const build = shared.data
    body = (
      <div className={styles.layout}>
        <div className={styles.main}>
          <CompatibilityBanner configuration={build} />
          <SlotList configuration={build} info={orderedKinds(build.componentsInfo)} />
        </div>
        <aside className={styles.side}>
          <Summary configuration={build}>
            <Button
              block
              disabled={taking || build.components.length === 0}
              onClick={() => void takeIt()}
              data-testid="configurator-take"
            >
              {t`Взять сборку себе`}
            </Button>
            <p className={styles.muted}>
              {t`Сборка откроется в вашем конфигураторе: там её можно изменить и заказать.`}
            </p>
          </Summary>
        </aside>
      </div>
    )
  } else if (shared.isError) {
    body = (
      <div className={styles.failed} role="alert" data-testid="configurator-error">
        <p>
          {isApiError(shared.error, 404)
            ? t`Ссылка на сборку устарела или неверна`
            : failureText(i18n, shared.error, FAILURES.get)}
        </p>
        {isApiError(shared.error, 404) ? null : (
          <Button variant="secondary" onClick={() => void shared.refetch()}>
            {t`Повторить`}
          </Button>
        )}
      </div>
    )
  } else {
    body = <Skeleton height={400} radius={10} />
  }

  return (
    <PageFrame
      title={t`Сборка, которой поделились`}
      crumbs={[{ label: t`Конфигуратор ПК`, path: '/configurator' }]}
      backLinks={false}
      testId="shared-configuration-page"
    >
      {body}
    </PageFrame>
  )
}
