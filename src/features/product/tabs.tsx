import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, type ReactNode } from 'react'
import type { ProductTab } from './product-tabs'
import styles from './tabs.module.css'

const TAB_NAMES: Record<ProductTab, MessageDescriptor> = {
  about: msg`О товаре`,
  availability: msg`Наличие`,
  reviews: msg`Отзывы`,
  services: msg`Услуги`,
  specifications: msg`Характеристики`,
}

export const TAB_PANEL_ID = 'product-tab-panel'

export interface TabsProps {
  tabs: readonly ProductTab[]
  active: ProductTab
  /** A number shown beside a tab's name (reviews, stores with stock). */
  counts?: Partial<Record<ProductTab, number>>
  children: ReactNode
}

/**
 * The product page's tabs. The tab is in the URL (`?tab=`), so each one is a link: it can be opened in a
 * new window, shared, and comes back with the back button; switching keeps the scroll position.
 */
export function Tabs({ tabs, active, counts = {}, children }: TabsProps) {
  const { i18n, t } = useLingui()
  const list = useRef<HTMLDivElement>(null)
  // On a phone the row of tabs scrolls sideways: keep the open one in sight (the row only, never the page).
  // The first tab is in sight already (and measuring forces a layout while the page first renders).
  useEffect(() => {
    if (active === tabs[0]) return
    const row = list.current
    const tab = row?.querySelector<HTMLElement>('[aria-selected="true"]')
    if (!row || !tab) return
    const left = tab.offsetLeft - row.offsetLeft
    if (left < row.scrollLeft || left + tab.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = left - (row.clientWidth - tab.offsetWidth) / 2
    }
  }, [active, tabs])
  return (
    <div className={styles.tabs}>
      <div ref={list} className={styles.list} role="tablist" aria-label={t`Разделы о товаре`}>
        {tabs.map((tab) => {
          const count = counts[tab]
          return (
            <Link
              key={tab}
              to="."
              search={(prev: Record<string, unknown>) => ({ ...prev, tab })}
              replace
              resetScroll={false}
              role="tab"
              id={`product-tab-${tab}`}
              aria-selected={tab === active}
              aria-controls={TAB_PANEL_ID}
              className={styles.tab}
              data-testid="product-tab"
              data-tab={tab}
            >
              {i18n._(TAB_NAMES[tab])}
              {count != null && count > 0 ? <span className={styles.count}>{count}</span> : null}
            </Link>
          )
        })}
      </div>
      <div
        className={styles.panel}
        role="tabpanel"
        id={TAB_PANEL_ID}
        aria-labelledby={`product-tab-${active}`}
        data-testid="product-tab-panel"
        data-tab={active}
      >
        {children}
      </div>
    </div>
  )
}
