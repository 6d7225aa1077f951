import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { PageFrame, type Crumb } from './page-frame'
import { SECTIONS, type SectionKey } from './sections'

export interface SectionPageProps {
  section: SectionKey
  /** Replaces the section's own heading (a category's or a brand's name). */
  title?: string
  crumbs?: readonly Crumb[]
  aside?: ReactNode
  children?: ReactNode
}

/** A page of the store whose content a later feature fills: heading, purpose, the way back. */
export function SectionPage({ section, title, crumbs, aside, children }: SectionPageProps) {
  const { i18n } = useLingui()
  const text = SECTIONS[section]
  return (
    <PageFrame
      title={title ?? i18n._(text.title)}
      description={i18n._(text.description)}
      crumbs={crumbs}
      aside={aside}
      noCatalogLink={section === 'catalog'}
      testId={`section-${section}`}
    >
      {children}
    </PageFrame>
  )
}
