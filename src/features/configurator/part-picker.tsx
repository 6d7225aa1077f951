import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useId, useState } from 'react'
import { imageUrl } from '../../../contract/values/media'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { Modal } from '../../ui/modal'
import { Price } from '../../ui/price'
import { Skeleton } from '../../ui/skeleton'
import { HrefLink } from '../../url/href-link'
import { useStoreLocation } from '../../url/store-location'
import { partTitles } from './banner'
import { FAILURES, failureText, kindName, ruleText } from './messages'
import { catalogueFilterQuery, compatiblePartsQuery, inputsOf, type PartsFilter } from './queries'
import type { CompatibilityMessage, CompatiblePart, ComponentCode, ConfigurationComponent } from './types'
import styles from './configurator.module.css'

const IMAGE = 48

export interface PartPickerProps {
  code: ComponentCode | null
  components: readonly ConfigurationComponent[]
  onPick: (part: CompatiblePart) => void
  onClose: () => void
}

/** The catalogue's address of every compatible part of the kind, past the list's 150. */
function CatalogueLink({
  code,
  components,
}: {
  code: ComponentCode
  components: readonly ConfigurationComponent[]
}) {
  const { t, i18n } = useLingui()
  const location = useStoreLocation()
  // What the slot itself holds is left out: the link lists what could take its place.
  const others = inputsOf(components.filter((c) => c.code !== code))
  const url = useQuery(catalogueFilterQuery(code, others, location.cityId))
  if (url.isError) return <p className={styles.muted}>{failureText(i18n, url.error, FAILURES.filter)}</p>
  if (!url.data) return null
  return (
    <HrefLink
      href={location.href(url.data)}
      className={styles.catalogueLink}
      data-testid="picker-catalogue-link"
    >
      {t`Все подходящие в каталоге`}
    </HrefLink>
  )
}

/** The names of a message's parts, the candidate among them (it is not chosen yet). */
const titlesWith = (
  part: CompatiblePart,
  message: CompatibilityMessage,
  components: readonly ConfigurationComponent[],
) =>
  message.parts.map(
    (sku) => (sku === part.sku ? part.title : partTitles({ ...message, parts: [sku] }, components)[0]) ?? sku,
  )

function PartRow({
  part,
  components,
  chosen,
  onPick,
}: {
  part: CompatiblePart
  components: readonly ConfigurationComponent[]
  chosen: boolean
  onPick: () => void
}) {
  const { t, i18n } = useLingui()
  return (
    <li
      className={styles.pickRow}
      data-testid="picker-part"
      data-sku={part.sku}
      data-incompatible={part.errors.length > 0}
    >
      {part.images[0] ? (
        <img src={imageUrl(part.images[0], IMAGE)} width={IMAGE} height={IMAGE} alt="" loading="lazy" />
      ) : (
        <span className={styles.pickImage} aria-hidden="true" />
      )}
      <div className={styles.partText}>
        <span className={styles.pickTitle}>{part.title}</span>
        {part.stock > 0 ? (
          <span className={styles.inStock}>{t`В наличии`}</span>
        ) : (
          <span className={styles.outOfStock}>{t`Нет в наличии в вашем городе`}</span>
        )}
        {part.errors.map((error) => (
          <span
            key={`${error.code}:${error.parts.join()}`}
            className={styles.pickError}
            data-testid="picker-error-reason"
          >
            {ruleText(i18n, error, titlesWith(part, error, components))}
          </span>
        ))}
        {part.warnings.map((warning) => (
          <span
            key={`${warning.code}:${warning.parts.join()}`}
            className={styles.pickWarning}
            data-testid="picker-warning"
          >
            {ruleText(i18n, warning, titlesWith(part, warning, components))}
          </span>
        ))}
      </div>
      <Price amount={part.price} oldAmount={part.old_price} />
      <Button
        size="s"
        variant={chosen ? 'secondary' : 'primary'}
        disabled={chosen}
        onClick={onPick}
        data-testid="picker-choose"
      >
        {chosen ? t`Выбрано` : t`Выбрать`}
      </Button>
    </li>
  )
}

/**
 * The "choose" list of a slot: only the parts that fit what is already chosen (the server leaves out
 * those in error and marks those with a warning), with the city's price and stock, a name search and an
 * "in stock" switch; at most 150, then a link to the catalogue's filter of all of them.
 */
export function PartPicker({ code, components, onPick, onClose }: PartPickerProps) {
  const { t, i18n } = useLingui()
  const stockId = useId()
  const { cityId } = useStoreLocation()
  const [text, setText] = useState('')
  const [inStock, setInStock] = useState(true)
  const [all, setAll] = useState(false)
  const allId = useId()
  const filter: PartsFilter = { text: useDeferredValue(text), inStock, all }
  const others = inputsOf(components.filter((c) => c.code !== code))
  const parts = useQuery({
    ...compatiblePartsQuery(code ?? 'cpu', others, cityId, filter),
    enabled: code !== null,
    // The previous list of the same kind stays while a new search loads, rather than a flash of
    // skeletons; another kind's list never stands in for this one.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === code ? previous : undefined,
  })
  const current = components.find((c) => c.code === code)?.sku

  let list
  if (parts.data) {
    const { items, total } = parts.data
    list =
      items.length === 0 ? (
        <p className={styles.pickEmpty} data-testid="picker-empty">
          {inStock
            ? t`Подходящих деталей в наличии нет. Снимите отметку «В наличии» или замените уже выбранные детали.`
            : t`Подходящих деталей нет: замените уже выбранные детали.`}
        </p>
      ) : (
        <>
          <p className={styles.muted} data-testid="picker-count" data-total={total}>
            {total > items.length
              ? t`Показаны ${items.length} из ${total} подходящих`
              : t`Подходящих: ${total}`}
          </p>
          <ul className={styles.pickList} aria-busy={parts.isFetching} data-testid="picker-list">
            {items.map((part) => (
              <PartRow
                key={part.sku}
                part={part}
                components={components}
                chosen={part.sku === current}
                onPick={() => onPick(part)}
              />
            ))}
          </ul>
        </>
      )
  } else if (parts.isError) {
    list = (
      <div className={styles.pickEmpty} role="alert" data-testid="picker-error">
        <p>{failureText(i18n, parts.error, FAILURES.components)}</p>
        <Button variant="secondary" size="s" onClick={() => void parts.refetch()}>
          {t`Повторить`}
        </Button>
      </div>
    )
  } else {
    list = (
      <div className={styles.pickList} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={56} radius={8} />
        ))}
      </div>
    )
  }

  return (
    <Modal open={code !== null} onClose={onClose} title={code ? t`Выбор: ${kindName(i18n, code)}` : ''}>
      {code ? (
        <div className={styles.picker} data-testid="part-picker" data-code={code}>
          <div className={styles.pickFilters}>
            <Input
              label={t`Поиск по названию`}
              hideLabel
              placeholder={t`Поиск по названию`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              data-testid="picker-search"
            />
            <label className={styles.toggle} htmlFor={stockId}>
              <input
                id={stockId}
                type="checkbox"
                checked={inStock}
                onChange={(event) => setInStock(event.target.checked)}
                data-testid="picker-in-stock"
              />
              {t`В наличии`}
            </label>
            <label className={styles.toggle} htmlFor={allId}>
              <input
                id={allId}
                type="checkbox"
                checked={all}
                onChange={(event) => setAll(event.target.checked)}
                data-testid="picker-all"
              />
              {t`Показать и несовместимые`}
            </label>
          </div>
          {list}
          {parts.data && parts.data.total > parts.data.items.length ? (
            <CatalogueLink code={code} components={components} />
          ) : null}
        </div>
      ) : null}
    </Modal>
  )
}
