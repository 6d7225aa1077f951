import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useDocumentTitle } from '../head/document-title'
import { HrefLink } from '../url/href-link'
import { useStoreLocation } from '../url/store-location'
import { buttonClassName } from '../ui/button'
import styles from './page-frame.module.css'

export interface Crumb {
  label: string
  /** A page path without the city prefix (`/catalog`); the current city and language are added. */
  path: string
}

export interface PageFrameProps {
  title: string
  description?: string
  /** The pages above this one, after "Home"; the page itself is added last. */
  crumbs?: readonly Crumb[]
  /** A column beside the content (the account's section list). */
  aside?: ReactNode
  /** The links back to the catalogue and home under the content (default true). */
  backLinks?: boolean
  /** Leave the catalogue link out of the back links (on the catalogue itself). */
  noCatalogLink?: boolean
  children?: ReactNode
  testId?: string
}

/**
 * The frame of a page: breadcrumbs, the heading (the page's only h1), a short description, the content,
 * and the way back to the catalogue. Also sets the browser tab's title.
 */
export function PageFrame({
  title,
  description,
  crumbs = [],
  aside,
  backLinks = true,
  noCatalogLink = false,
  children,
  testId,
}: PageFrameProps) {
  const { t } = useLingui()
  const location = useStoreLocation()
  useDocumentTitle(title)

  const body = (
    <div className={styles.body}>
      <h1 className={styles.title}>{title}</h1>
      {description ? <p className={styles.description}>{description}</p> : null}
      {children}
      {backLinks ? (
        <div className={styles.backLinks}>
          {noCatalogLink ? null : (
            <Link to="/{-$city}/catalog" params={{ city: location.prefix }} className={buttonClassName()}>
              {t`Перейти в каталог`}
            </Link>
          )}
          <Link
            to="/{-$city}"
            params={{ city: location.prefix }}
            className={buttonClassName({ variant: noCatalogLink ? 'primary' : 'secondary' })}
          >
            {t`На главную`}
          </Link>
        </div>
      ) : null}
    </div>
  )

  return (
    <div className={`page-container ${styles.frame}`} data-testid={testId}>
      <nav className={styles.crumbs} aria-label={t`Вы здесь`}>
        <ol>
          <li>
            <HrefLink href={location.href('/')}>{t`Главная`}</HrefLink>
          </li>
          {crumbs.map((crumb) => (
            <li key={crumb.path}>
              <HrefLink href={location.href(crumb.path)}>{crumb.label}</HrefLink>
            </li>
          ))}
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      {aside ? (
        <div className={styles.withAside}>
          <aside className={styles.aside}>{aside}</aside>
          {body}
        </div>
      ) : (
        body
      )}
    </div>
  )
}
