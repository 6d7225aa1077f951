import { useLingui } from '@lingui/react/macro'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useRef, type FormEvent } from 'react'
import { useStoreLocation } from '../../app/store-location'
import { SearchIcon } from '../../ui/icons'
import styles from './search-box.module.css'

/**
 * The header's search field: submitting opens /search?q=... in the current city and language.
 * It shows the query of the search page on screen; suggestions as you type come with the search feature.
 */
export function SearchBox({ className }: { className?: string }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const location = useStoreLocation()
  const inputRef = useRef<HTMLInputElement>(null)
  const currentQuery = useRouterState({
    select: (s) => {
      const q: unknown = s.location.search.q
      return typeof q === 'string' && s.location.pathname.endsWith('/search') ? q : ''
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    if (!q) {
      inputRef.current?.focus()
      return
    }
    void navigate({ to: '/{-$city}/search', params: { city: location.prefix }, search: { q } })
  }

  return (
    <form role="search" className={className ? `${styles.form} ${className}` : styles.form} onSubmit={submit}>
      <input
        // a new query in the URL (back/forward, another search) refills the field
        key={currentQuery}
        ref={inputRef}
        className={styles.input}
        type="search"
        name="q"
        defaultValue={currentQuery}
        placeholder={t`Поиск по товарам`}
        aria-label={t`Поиск по товарам`}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        data-testid="search-input"
      />
      <button type="submit" className={styles.submit} aria-label={t`Найти`} title={t`Найти`}>
        <SearchIcon size="M" />
      </button>
    </form>
  )
}
