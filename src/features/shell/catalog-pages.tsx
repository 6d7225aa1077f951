import { useLingui } from '@lingui/react/macro'
import { SectionPage } from './section-page'

export function SearchPageFrame({ q }: { q: string | undefined }) {
  const { t } = useLingui()
  return <SectionPage section="search" title={q ? t`Результаты поиска: «${q}»` : undefined} />
}
