import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { imageUrl } from '../../../contract/values/media'
import { loanQuery, lowestMonthlyPayment } from '../../cart/queries'
import { formatMoney } from '../../i18n/format'
import { Price } from '../../ui/price'
import { useStoreLocation } from '../../url/store-location'
import { bannerTone, groupMessages, missingRequired, partTitles, type BannerGroups } from './banner'
import { psuLoadPercent, watts } from './format'
import { kindName, ruleText } from './messages'
import { loanGoodsOf } from './queries'
import type { CompatibilityMessage, ComponentInfo, Configuration, ConfigurationComponent } from './types'
import styles from './configurator.module.css'

const IMAGE = 88

function MessageList({
  messages,
  components,
  severity,
}: {
  messages: CompatibilityMessage[]
  components: readonly ConfigurationComponent[]
  severity: string
}) {
  const { i18n } = useLingui()
  if (messages.length === 0) return null
  return (
    <ul className={styles.messages}>
      {messages.map((message) => (
        <li
          key={`${message.code}:${message.parts.join(',')}`}
          className={styles[severity]}
          data-testid="compatibility-message"
          data-severity={message.severity}
          data-code={message.code}
        >
          {ruleText(i18n, message, partTitles(message, components))}
        </li>
      ))}
    </ul>
  )
}

/** The compatibility banner: what is wrong (both parts named), what to check, what is still missing. */
export function CompatibilityBanner({ configuration }: { configuration: Configuration }) {
  const { t, i18n } = useLingui()
  const { components } = configuration
  const groups: BannerGroups = groupMessages(configuration.messages, components)
  const missing = missingRequired(configuration.componentsInfo, components)
  const tone = bannerTone(groups, missing, components.length)
  const heading = {
    empty: t`Выберите процессор — дальше мы предложим только подходящие к нему детали`,
    error: t`Детали несовместимы`,
    incomplete: t`Сборка пока неполная`,
    warning: t`Сборка совместима, но есть замечания`,
    ready: t`Все детали совместимы`,
  }[tone]
  return (
    <section
      className={`${styles.banner} ${styles[`tone_${tone}`]}`}
      aria-live="polite"
      data-testid="compatibility-banner"
      data-tone={tone}
    >
      <h2 className={styles.bannerTitle}>{heading}</h2>
      <MessageList messages={groups.errors} components={components} severity="error" />
      <MessageList messages={groups.warnings} components={components} severity="warning" />
      {missing.length > 0 && components.length > 0 ? (
        <p className={styles.missing} data-testid="compatibility-missing">
          {t`Осталось выбрать: ${missing.map((code) => kindName(i18n, code).toLowerCase()).join(', ')}`}
        </p>
      ) : null}
      <MessageList messages={groups.notes} components={components} severity="note" />
    </section>
  )
}

export interface SlotProps {
  info: ComponentInfo
  component: ConfigurationComponent | undefined
  incompatible: boolean
  /** The slot's buttons (choose, replace, remove); none on a shared configuration. */
  actions?: ReactNode
}

/** One kind of part: its name, the part chosen (picture, name, price, stock) and what can be done. */
export function Slot({ info, component, incompatible, actions }: SlotProps) {
  const { t, i18n } = useLingui()
  const { prefix } = useStoreLocation()
  const image = component?.images[0]
  const className = [styles.slot, incompatible && styles.slotError, !component && styles.slotEmpty]
    .filter(Boolean)
    .join(' ')
  return (
    <li
      className={className}
      data-testid="configurator-slot"
      data-code={info.code}
      data-sku={component?.sku ?? ''}
      data-incompatible={incompatible}
    >
      <div className={styles.slotHead}>
        <h3 className={styles.slotTitle}>{kindName(i18n, info.code)}</h3>
        {info.isRequired ? (
          <span className={styles.required}>{t`обязательно`}</span>
        ) : (
          <span className={styles.optional}>{t`по желанию`}</span>
        )}
      </div>
      {component ? (
        <div className={styles.part}>
          {image ? (
            <img
              className={styles.partImage}
              src={imageUrl(image, IMAGE)}
              width={IMAGE}
              height={IMAGE}
              alt=""
              loading="lazy"
            />
          ) : (
            <span className={styles.partImage} aria-hidden="true" />
          )}
          <div className={styles.partText}>
            <Link
              to="/{-$city}/p/$uri"
              params={{ city: prefix, uri: component.uri }}
              className={styles.partTitle}
              data-testid="slot-part-title"
            >
              {component.title}
            </Link>
            {component.isAvailable ? (
              <span className={styles.inStock}>{t`В наличии`}</span>
            ) : (
              <span className={styles.outOfStock} data-testid="slot-out-of-stock">
                {t`Нет в наличии в вашем городе`}
              </span>
            )}
          </div>
          <div className={styles.partPrice}>
            <Price amount={component.lineTotal} oldAmount={null} />
            {component.quantity > 1 ? (
              <span
                className={styles.muted}
              >{t`${component.quantity} шт. × ${formatMoney(component.price)}`}</span>
            ) : null}
          </div>
        </div>
      ) : (
        <p className={styles.muted}>{t`Не выбрано`}</p>
      )}
      {actions ? <div className={styles.slotActions}>{actions}</div> : null}
    </li>
  )
}

/** The slots in page order, each with what is chosen for it. */
export function SlotList({
  configuration,
  info,
  actions,
}: {
  configuration: Configuration
  info: readonly ComponentInfo[]
  actions?: (info: ComponentInfo, component: ConfigurationComponent | undefined) => ReactNode
}) {
  const { t } = useLingui()
  return (
    <ul className={styles.slots} aria-label={t`Комплектующие`} data-testid="configurator-slots">
      {info.map((kind) => {
        const component = configuration.components.find((c) => c.code === kind.code)
        return (
          <Slot
            key={kind.code}
            info={kind}
            component={component}
            incompatible={configuration.incompatibleComponents.includes(kind.code)}
            actions={actions?.(kind, component)}
          />
        )
      })}
    </ul>
  )
}

/** Purchase flow 5: the lowest monthly payment the store's banks offer for these parts. */
function Installment({ configuration }: { configuration: Configuration }) {
  const { t } = useLingui()
  const { cityId } = useStoreLocation()
  const goods = loanGoodsOf(configuration.components)
  const { data } = useQuery(loanQuery(cityId, goods))
  const lowest = lowestMonthlyPayment(data)
  if (goods.length === 0 || lowest === null) return null
  const monthly = formatMoney(lowest)
  return (
    <p className={styles.installment} data-testid="configurator-installment" data-amount={lowest}>
      {t`В рассрочку или кредит от ${monthly}/мес`}
    </p>
  )
}

/** The estimated draw against the chosen supply, and the total with its monthly payment. */
export function Summary({ configuration, children }: { configuration: Configuration; children?: ReactNode }) {
  const { t } = useLingui()
  const draw = configuration.estimatedWattage
  const psu = configuration.components.find((c) => c.code === 'psu')
  const psuWatts = psu?.specs.wattage ?? null
  const load = psuLoadPercent(draw, psuWatts)
  return (
    <section className={styles.summary} aria-label={t`Итого`} data-testid="configurator-summary">
      <dl className={styles.summaryList}>
        <div className={styles.summaryRow}>
          <dt>{t`Потребление сборки`}</dt>
          <dd data-testid="configurator-wattage" data-watts={draw}>
            {draw > 0 ? t`≈ ${watts(draw)}` : '—'}
          </dd>
        </div>
        {draw > 0 ? (
          <div className={styles.summaryRow}>
            <dt>{t`Блок питания нужен`}</dt>
            <dd>{t`от ${watts(configuration.recommendedWattage)}`}</dd>
          </div>
        ) : null}
        {load !== null ? (
          <div className={styles.loadBar} aria-hidden="true">
            <span style={{ width: `${load}%` }} className={load > 77 ? styles.loadHigh : undefined} />
          </div>
        ) : null}
        <div className={`${styles.summaryRow} ${styles.total}`}>
          <dt>{t`Итого`}</dt>
          <dd data-testid="configurator-total" data-amount={configuration.totalPrice}>
            {formatMoney(configuration.totalPrice)}
          </dd>
        </div>
      </dl>
      <Installment configuration={configuration} />
      {children}
    </section>
  )
}
