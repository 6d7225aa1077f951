import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { imageUrl } from '../../../contract/values/media'
import { useStoreLocation } from '../../url/store-location'
import { recentSearches, rememberSearch, suggestQuery } from './queries'
import { formatMoney } from '../../i18n/format'
import { SearchIcon } from '../../ui/icons'
import styles from './search-box.module.css'

/** Spec 9: the search input waits this long after the last key before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 250

type Option =
  | { kind: 'query'; text: string; recent: boolean }
  | { kind: 'category'; text: string; path: string }
  | { kind: 'product'; text: string; uri: string; image: string | null; price: number }

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

/**
 * The header's search field. Suggestions (completions, categories, products) come 250 ms after the
 * last key; with an empty field it offers the searches made on this device. Arrow keys move through
 * the list, Enter opens the chosen line, Escape closes it.
 */
export function SearchBox({ className }: { className?: string }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const location = useStoreLocation()
  const listId = useId()
  const currentQuery = useRouterState({
    select: (s) => {
      const q: unknown = s.location.search.q
      return typeof q === 'string' && s.location.pathname.endsWith('/search') ? q : ''
    },
  })
  const [text, setText] = useState(currentQuery)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [recent, setRecent] = useState<string[]>([])
  const inputRef = useRef<HTMLInputElement>(null)

  // a new query in the URL (back/forward, another search) refills the field
  const [shown, setShown] = useState(currentQuery)
  if (shown !== currentQuery) {
    setShown(currentQuery)
    setText(currentQuery)
  }

  const debounced = useDebounced(text.trim(), SUGGEST_DEBOUNCE_MS)
  const suggest = useQuery({
    ...suggestQuery(debounced, location.cityId, location.lang),
    enabled: open && debounced.length >= 2,
  })

  const options: Option[] =
    text.trim() === ''
      ? recent.map((r) => ({ kind: 'query', text: r, recent: true }))
      : debounced.length >= 2 && suggest.data
        ? [
            ...suggest.data.completions.map((c): Option => ({ kind: 'query', text: c, recent: false })),
            ...suggest.data.categories.map((c): Option => ({
              kind: 'category',
              text: c.title,
              path: c.path,
            })),
            ...suggest.data.products.map((p): Option => ({
              kind: 'product',
              text: p.title,
              uri: p.uri,
              image: p.image,
              price: p.price,
            })),
          ]
        : []

  const search = (q: string) => {
    const query = q.trim()
    if (!query) {
      inputRef.current?.focus()
      return
    }
    rememberSearch(query)
    setOpen(false)
    setText(query)
    void navigate({ to: '/{-$city}/search', params: { city: location.prefix }, search: { q: query } })
  }

  const choose = (option: Option) => {
    setOpen(false)
    if (option.kind === 'query') return search(option.text)
    rememberSearch(text)
    if (option.kind === 'category') {
      void navigate({ href: location.href(`/catalog/${option.path}`) })
    } else {
      void navigate({ to: '/{-$city}/p/$uri', params: { city: location.prefix, uri: option.uri } })
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const picked = open && active >= 0 ? options[active] : undefined
    if (picked) choose(picked)
    else search(text)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      if (options.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      // -1 is the field itself: the list wraps through it
      setActive((i) => {
        const next = i + step
        if (next < -1) return options.length - 1
        return next >= options.length ? -1 : next
      })
    } else if (event.key === 'Escape') {
      setOpen(false)
      setActive(-1)
    }
  }

  const expanded = open && options.length > 0
  const optionId = (i: number) => `${listId}-${i}`

  return (
    <form
      role="search"
      className={className ? `${styles.form} ${className}` : styles.form}
      onSubmit={submit}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <input
        ref={inputRef}
        className={styles.input}
        type="search"
        name="q"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onFocus={() => {
          setRecent(recentSearches())
          setOpen(true)
        }}
        onKeyDown={onKeyDown}
        placeholder={t`Поиск по товарам`}
        aria-label={t`Поиск по товарам`}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        data-testid="search-input"
      />
      <button type="submit" className={styles.submit} aria-label={t`Найти`} title={t`Найти`}>
        <SearchIcon size="M" />
      </button>
      {expanded && (
        <ul
          id={listId}
          role="listbox"
          className={styles.list}
          aria-label={t`Подсказки поиска`}
          data-testid="search-suggestions"
        >
          {options.map((option, i) => (
            <li
              key={`${option.kind}-${option.text}-${i}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={i === active ? `${styles.option} ${styles.active}` : styles.option}
              data-kind={option.kind}
              // mousedown, not click: the input's blur would close the list before a click lands
              onMouseDown={(event) => {
                event.preventDefault()
                choose(option)
              }}
            >
              {option.kind === 'product' ? (
                <>
                  {option.image && (
                    <img
                      className={styles.thumb}
                      src={imageUrl(option.image, 48)}
                      width={48}
                      height={48}
                      alt=""
                    />
                  )}
                  <span className={styles.text}>{option.text}</span>
                  <span className={styles.price}>{formatMoney(option.price)}</span>
                </>
              ) : option.kind === 'category' ? (
                <>
                  <span className={styles.tag}>{t`Категория`}</span>
                  <span className={styles.text}>{option.text}</span>
                </>
              ) : (
                <>
                  <span className={styles.tag}>{option.recent ? t`Недавнее` : <SearchIcon size="S" />}</span>
                  <span className={styles.text}>{option.text}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </form>
  )
}
