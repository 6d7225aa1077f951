import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState } from 'react'
import { HrefLink } from '../../url/href-link'
import { useStoreLocation } from '../../url/store-location'
import { ChevronDownIcon, LocationIcon } from '../../ui/icons'
import { CITY_NAMES, CITY_SLUGS } from '../../page/names'
import styles from './city-picker.module.css'

/**
 * The header's city: a button naming the city, opening the list of the four cities. Each is a link to
 * this same page in that city (the URL prefix changes, path and query stay), so prices and stock follow.
 */
export function CityPicker() {
  const { t, i18n } = useLingui()
  const location = useStoreLocation()
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const listId = useId()

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  return (
    <div className={styles.picker} ref={rootRef}>
      <button
        type="button"
        className={styles.trigger}
        data-testid="city-picker"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <LocationIcon size="S" />
        <span className="visually-hidden">{t`Ваш город:`} </span>
        <span className={styles.current}>{i18n._(CITY_NAMES[location.citySlug])}</span>
        <ChevronDownIcon size="XS" className={open ? styles.chevronOpen : styles.chevron} />
      </button>
      {open ? (
        <div id={listId} className={styles.popover}>
          <p className={styles.heading}>{t`Выберите город`}</p>
          <CityLinks onPick={() => setOpen(false)} />
        </div>
      ) : null}
    </div>
  )
}

/**
 * The four cities as links to the page on screen in each; the current one is marked.
 * Test ids: `city-option-{slug}` in the header's picker; other copies add a prefix.
 */
export function CityLinks({
  onPick,
  className,
  testIdPrefix = '',
}: {
  onPick?: () => void
  className?: string
  testIdPrefix?: string
}) {
  const { i18n } = useLingui()
  const location = useStoreLocation()
  return (
    <ul className={className ?? styles.list}>
      {CITY_SLUGS.map((slug) => {
        const current = slug === location.citySlug
        return (
          <li key={slug}>
            <HrefLink
              href={location.switchHref({ citySlug: slug })}
              preload={false}
              className={current ? `${styles.option} ${styles.optionCurrent}` : styles.option}
              aria-current={current ? 'true' : undefined}
              data-testid={`${testIdPrefix}city-option-${slug}`}
              onClick={onPick}
            >
              {i18n._(CITY_NAMES[slug])}
            </HrefLink>
          </li>
        )
      })}
    </ul>
  )
}
