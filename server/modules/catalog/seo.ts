import type { Lang } from '../../../contract/common'
import type { CategoryMetaText } from '../../db/schema/catalog'
import type { ActiveFilter, CategoryNode } from './catalog-index'
import { pairValues } from './query'

export type Robots = 'INDEX,FOLLOW' | 'NOINDEX, FOLLOW' | 'NOINDEX,NOFOLLOW'

export interface ListingState {
  filtered: boolean
  sorted: boolean
  page: number
}

/**
 * Spec 2.3: a plain page 1 in the default order is indexed (unless the category itself says
 * otherwise, as service categories do); a sorted copy or a further page is a duplicate robots should
 * neither index nor follow; a filtered page (filters, price or point) is not indexed but its links are
 * followed.
 */
export function listingRobots(base: string, state: ListingState): Robots {
  if (state.sorted || state.page > 1) return 'NOINDEX,NOFOLLOW'
  if (state.filtered) return 'NOINDEX, FOLLOW'
  return base === 'NOINDEX, FOLLOW' || base === 'NOINDEX,NOFOLLOW' ? base : 'INDEX,FOLLOW'
}

/** `/catalog/{path}` plus `/f/{code}/{value}` pairs sorted by value (then code), as the client's URLs. */
export function categoryCanonical(category: CategoryNode, filters: ActiveFilter[]): string {
  const pairs = filters.flatMap((f) => pairValues(f).map((value) => ({ code: f.def.code, value })))
  pairs.sort((a, b) => compare(a.value, b.value) || compare(a.code, b.code))
  const tail = pairs.length > 0 ? `/f/${pairs.map((p) => `${p.code}/${p.value}`).join('/')}` : ''
  return `/catalog/${category.path}${tail}`
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The category's meta texts, with the chosen options named in the header and title of a filtered page. */
export function listingMeta(category: CategoryNode, lang: Lang, filters: ActiveFilter[]): CategoryMetaText {
  const meta = category.meta[lang] ?? category.meta.ru
  const chosen = filters.flatMap((f) =>
    f.kind === 'options' ? f.options.map((o) => (lang === 'kk' ? o.titleKk : o.titleRu)) : [],
  )
  if (chosen.length === 0) return meta
  const header = `${meta.meta_header}: ${chosen.join(', ')}`
  return {
    meta_title: meta.meta_title.includes(meta.meta_header)
      ? meta.meta_title.replace(meta.meta_header, header)
      : `${header} — ${meta.meta_title}`,
    meta_header: header,
    meta_description: meta.meta_description,
    seo_text: '',
  }
}
