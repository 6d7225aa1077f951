import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { HrefLink } from '../url/href-link'
import { buttonClassName } from '../ui/button'
import styles from './listing-state.module.css'

export interface ListingStateProps {
  title: string
  text: string
  /** 'status' for an empty listing, 'alert' for one that failed. */
  role: 'status' | 'alert'
  testId: string
  /** The way on: a link or a button. */
  children: ReactNode
}

/** What stands in a listing's place when it has no products to show, or could not load them. */
export function ListingState({ title, text, role, testId, children }: ListingStateProps) {
  return (
    <div className={styles.state} data-testid={testId} role={role}>
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.text}>{text}</p>
      {children}
    </div>
  )
}

/** The shopper's filters leave no product: the way back is to loosen them. */
export function NothingMatchesFilters({
  resetHref,
  testId,
  resetTestId,
}: {
  resetHref: string
  testId: string
  resetTestId?: string
}) {
  const { t } = useLingui()
  return (
    <ListingState
      title={t`Ничего не нашлось`}
      text={t`Под выбранные фильтры не подходит ни один товар. Уберите часть фильтров или сбросьте их все.`}
      role="status"
      testId={testId}
    >
      <HrefLink href={resetHref} className={buttonClassName()} data-testid={resetTestId}>
        {t`Сбросить фильтры`}
      </HrefLink>
    </ListingState>
  )
}
