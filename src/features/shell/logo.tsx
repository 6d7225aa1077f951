import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { STORE_NAME } from '../../head/document-title'
import { useStoreLocation } from '../../url/store-location'
import styles from './header.module.css'

/** The store's mark and name, linking to the home page of the current city and language. */
export function Logo() {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  return (
    <Link
      to="/{-$city}"
      params={{ city: prefix }}
      className={styles.logo}
      aria-label={t`${STORE_NAME} — на главную`}
      data-testid="logo"
    >
      <svg className={styles.logoMark} width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#1746d1" />
        <path d="M18.5 5 9 18h6l-1.5 9L23 14h-6l1.5-9Z" fill="#ffd23f" />
      </svg>
      <span className={styles.logoText}>{STORE_NAME}</span>
    </Link>
  )
}
