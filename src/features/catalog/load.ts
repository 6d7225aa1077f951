import type { QueryClient } from '@tanstack/react-query'
import { notFound, redirect } from '@tanstack/react-router'
import type { Filter } from '../../../contract/catalog'
import { LISTING_LIMIT_DEFAULT } from '../../../contract/values/catalog'
import type { CitySlug } from '../../../contract/common'
import { parseCategoryPath, type CategoryFilter, type CategoryPath } from '../../url/catalog-path'
import { localizePath } from '../../url/locale-prefix'
import { isApiError } from '../../data/api-error'
import { getRequestContext } from '../../data/request-context'
import { parseRangeValue } from '../../listing/filter-pairs'
import { categoryPagePath, isCanonicalCategorySplat } from './filter-url'
import { listingQueryString, withPage, withoutPage, type ListingSearch } from './listing-search'
import { lastPage } from '../../listing/page-window'
import {
  brandCategoriesQuery,
  brandListingQuery,
  brandParams,
  catalogMenuQuery,
  categoryCrumbsQuery,
  categoryFiltersQuery,
  categoryListingQuery,
  listingParams,
  SERVICES_CATEGORY,
  type Locale,
} from './queries'

/**
 * What the catalogue routes do before their page shows: load the data through the feature's query
 * factories, answer an unknown category or brand with the not-found page, and turn bad input into the
 * nearest valid listing (spec issue "Bad input"): pairs in the wrong order are put in order, unknown
 * filters are dropped, a page past the end becomes the last page. Any other failure (network, server)
 * is left to the page, which shows it with a retry button instead of failing as a whole.
 */
export interface LoadContext extends Locale {
  queryClient: QueryClient
  citySlug: CitySlug
  /** A hovered link: warm the cache, never redirect or fail. */
  preload: boolean
}

function localized(ctx: LoadContext, path: string): string {
  return localizePath(path, { citySlug: ctx.citySlug, lang: ctx.lang })
}

/**
 * A preload of a page in another language would send this page's language header (the api client
 * takes it from the page on screen) and cache the wrong texts under the other language's key.
 */
function skipsPreload(ctx: LoadContext): boolean {
  return ctx.preload && getRequestContext().lang !== ctx.lang
}

/** beforeLoad of `/catalog/$`: the category path of the URL, its pairs sorted by value and unique. */
export function resolveCategoryPath(
  splat: string | undefined,
  location: { searchStr: string },
  ctx: Pick<LoadContext, 'citySlug' | 'lang'>,
): CategoryPath {
  const path = parseCategoryPath(splat)
  if (!path) throw notFound()
  if (!isCanonicalCategorySplat(splat, path)) {
    const href = localizePath(categoryPagePath(path), ctx) + location.searchStr
    throw redirect({ href, replace: true })
  }
  return path
}

/** Keeps the pairs the category knows: a filter code it offers and, for option filters, a known value. */
export function knownFilters(
  filters: readonly CategoryFilter[],
  offered: readonly Filter[],
): CategoryFilter[] {
  return filters.filter((pair) => {
    const filter = offered.find((f) => f.code === pair.code)
    if (!filter || filter.code === 'price') return false
    if (filter.type === 'range') return parseRangeValue(pair.value) !== null
    return filter.options.some((o) => o.code === pair.value)
  })
}

/** A 400 for a page past the end names the last page (`details.last_page`). */
function lastPageOf(error: unknown): number | undefined {
  if (!isApiError(error, 400)) return undefined
  const details = error.details as { last_page?: unknown } | undefined
  const last = details?.last_page
  return typeof last === 'number' && Number.isInteger(last) && last >= 1 ? last : undefined
}

export async function loadCategoryPage(
  ctx: LoadContext,
  path: CategoryPath,
  search: ListingSearch,
): Promise<void> {
  if (skipsPreload(ctx)) return
  const { queryClient } = ctx
  const params = listingParams(path.segments, path.filters, search, ctx)
  const [listing, filters] = await Promise.allSettled([
    queryClient.ensureQueryData(categoryListingQuery(params)),
    queryClient.ensureQueryData(categoryFiltersQuery(params)),
    queryClient.ensureQueryData(categoryCrumbsQuery(params.category, ctx.lang)),
  ])
  if (ctx.preload) return
  const pageHref = (filters: readonly CategoryFilter[], next: ListingSearch) =>
    localized(
      ctx,
      categoryPagePath({ segments: path.segments, filters: [...filters] }) + listingQueryString(next),
    )

  if (listing.status === 'fulfilled') {
    const { total, limit } = listing.value
    const last = lastPage(total, limit)
    if (params.page > last)
      throw redirect({ href: pageHref(path.filters, withPage(search, last)), replace: true })
    return
  }
  const error = listing.reason
  if (isApiError(error, 404)) throw notFound()
  if (!isApiError(error, 400)) return

  // The server refused the query: drop what the category does not know, then try the page number.
  let offered: Filter[]
  try {
    const bare = categoryFiltersQuery({ ...params, filters: undefined, price: undefined })
    offered = (await queryClient.ensureQueryData(bare)).filters
  } catch (failure) {
    if (isApiError(failure, 404)) throw notFound()
    return
  }
  const kept = knownFilters(path.filters, offered)
  if (kept.length < path.filters.length) {
    throw redirect({ href: pageHref(kept, withoutPage(search)), replace: true })
  }
  if (params.page > 1) {
    const last =
      lastPageOf(error) ??
      (filters.status === 'fulfilled' ? lastPage(filters.value.total, LISTING_LIMIT_DEFAULT) : 1)
    throw redirect({
      href: pageHref(path.filters, withPage(search, Math.min(last, params.page - 1))),
      replace: true,
    })
  }
}

/** `/b/{brand}`: the brand's products and the categories it sells in; an unknown brand is not found. */
export async function loadBrandPage(ctx: LoadContext, brand: string, search: ListingSearch): Promise<void> {
  if (skipsPreload(ctx)) return
  const params = brandParams(brand, search, ctx)
  const [listing] = await Promise.allSettled([
    ctx.queryClient.ensureQueryData(brandListingQuery(params)),
    ctx.queryClient.ensureQueryData(brandCategoriesQuery(brand, ctx)),
  ])
  if (ctx.preload) return
  const href = (next: ListingSearch) =>
    localized(ctx, `/b/${encodeURIComponent(brand)}${listingQueryString(next)}`)
  if (listing.status === 'fulfilled') {
    const last = lastPage(listing.value.total, listing.value.limit)
    if (params.page > last) throw redirect({ href: href(withPage(search, last)), replace: true })
    return
  }
  if (isApiError(listing.reason, 404)) throw notFound()
  if (isApiError(listing.reason, 400) && params.page > 1) {
    const last = Math.min(lastPageOf(listing.reason) ?? 1, params.page - 1)
    throw redirect({ href: href(withPage(search, last)), replace: true })
  }
}

export async function loadServicesPage(ctx: LoadContext, search: ListingSearch): Promise<void> {
  if (skipsPreload(ctx)) return
  const params = listingParams([SERVICES_CATEGORY], [], search, ctx)
  const [listing] = await Promise.allSettled([
    ctx.queryClient.ensureQueryData(categoryListingQuery(params)),
    ctx.queryClient.ensureQueryData(categoryFiltersQuery(params)),
    ctx.queryClient.ensureQueryData(catalogMenuQuery(ctx)),
  ])
  if (ctx.preload) return
  if (listing.status === 'rejected') {
    if (isApiError(listing.reason, 400) && params.page > 1) {
      const last = Math.min(lastPageOf(listing.reason) ?? 1, params.page - 1)
      throw redirect({
        href: localized(ctx, `/catalog/s${listingQueryString(withPage(search, last))}`),
        replace: true,
      })
    }
    return
  }
  const last = lastPage(listing.value.total, listing.value.limit)
  if (params.page > last) {
    throw redirect({
      href: localized(ctx, `/catalog/s${listingQueryString(withPage(search, last))}`),
      replace: true,
    })
  }
}

/** `/catalog`: the tree from the katalog menu; without it the page still opens and offers a retry. */
export async function loadCatalogTree(ctx: LoadContext): Promise<void> {
  if (skipsPreload(ctx)) return
  await ctx.queryClient.ensureQueryData(catalogMenuQuery(ctx)).catch(() => undefined)
}
