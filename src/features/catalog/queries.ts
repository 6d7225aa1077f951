import { queryOptions } from '@tanstack/react-query'
import type {
  BrandCategoriesResponse,
  BrandResponse,
  FiltersResponse,
  ProductListResponse,
  Sorting,
} from '../../../contract/catalog'
import type { CityId, Lang } from '../../../contract/common'
import type { BreadcrumbsResponse, MenuResponse } from '../../../contract/menu'
import { MENU_BASE } from '../../../contract/values/menu'
import type { CategoryFilter } from '../../url/catalog-path'
import { api, TIMEOUTS } from '../../data/api'
import { filtersParam } from './filter-url'
import { DEFAULT_SORTING, priceParam, type ListingSearch } from './listing-search'

/**
 * The catalogue's server state (spec 7.1, 7.2). Texts arrive in the language of the request, so the
 * language is part of every key next to the city: a page seen in Russian is never shown as Kazakh.
 */
const KATALOG_V1 = '/katalog/api/v1'
const KATALOG_V2 = '/katalog/api/v2'

export interface Locale {
  cityId: CityId
  lang: Lang
}

/** What one category listing call asks: only sorting, price and page come from the query (spec 2.3). */
export interface ListingParams extends Locale {
  /** The category path of slugs: 'smartfony' or 'smartfony-i-gadzhety/smartfony'. */
  category: string
  filters: string | undefined
  price: string | undefined
  sorting: Sorting
  page: number
}

export function listingParams(
  segments: readonly string[],
  filters: readonly CategoryFilter[],
  search: ListingSearch,
  locale: Locale,
): ListingParams {
  return {
    cityId: locale.cityId,
    lang: locale.lang,
    category: segments.join('/'),
    filters: filtersParam(filters),
    price: priceParam(search),
    sorting: search.sorting ?? DEFAULT_SORTING,
    page: search.page ?? 1,
  }
}

/** The API query of a listing: the spec's names, undefined values left out by the client. */
export function listingApiQuery(params: Pick<ListingParams, 'filters' | 'price' | 'sorting' | 'page'>) {
  return { filters: params.filters, price: params.price, sorting: params.sorting, page: params.page }
}

/** The services catalogue `/catalog/s` lists this category; its sub-categories come from the menu. */
export const SERVICES_CATEGORY = 'uslugi'

const segment = (value: string) => encodeURIComponent(value)

export const categoryListingQuery = (params: ListingParams) =>
  queryOptions({
    queryKey: ['catalog', 'listing', params],
    queryFn: ({ signal }) =>
      api.get<ProductListResponse>(`${KATALOG_V2}/products/category/${segment(params.category)}`, {
        cityId: params.cityId,
        query: listingApiQuery(params),
        signal,
        timeoutMs: TIMEOUTS.catalogue,
      }),
  })

/** The filter panel: options with counts that follow the other active filters, and the price bounds. */
export const categoryFiltersQuery = (params: Omit<ListingParams, 'sorting' | 'page'>) =>
  queryOptions({
    queryKey: [
      'catalog',
      'filters',
      {
        cityId: params.cityId,
        lang: params.lang,
        category: params.category,
        filters: params.filters,
        price: params.price,
      },
    ],
    queryFn: ({ signal }) =>
      api.get<FiltersResponse>(`${KATALOG_V1}/products/filters`, {
        cityId: params.cityId,
        query: { category: params.category, filters: params.filters, price: params.price },
        signal,
        timeoutMs: TIMEOUTS.catalogue,
      }),
  })

export interface BrandParams extends Locale {
  brand: string
  price: string | undefined
  sorting: Sorting
  page: number
}

export function brandParams(brand: string, search: ListingSearch, locale: Locale): BrandParams {
  return {
    cityId: locale.cityId,
    lang: locale.lang,
    brand,
    price: priceParam(search),
    sorting: search.sorting ?? DEFAULT_SORTING,
    page: search.page ?? 1,
  }
}

export const brandListingQuery = (params: BrandParams) =>
  queryOptions({
    queryKey: ['catalog', 'brand', params],
    queryFn: ({ signal }) =>
      api.get<BrandResponse>(`${KATALOG_V1}/products/brand/${segment(params.brand)}`, {
        cityId: params.cityId,
        query: { price: params.price, sorting: params.sorting, page: params.page },
        signal,
        timeoutMs: TIMEOUTS.catalogue,
      }),
  })

export const brandCategoriesQuery = (brand: string, locale: Locale) =>
  queryOptions({
    queryKey: ['catalog', 'brand-categories', { brand, cityId: locale.cityId, lang: locale.lang }],
    queryFn: ({ signal }) =>
      api.get<BrandCategoriesResponse>(`${KATALOG_V1}/products/brand/categories/${segment(brand)}`, {
        cityId: locale.cityId,
        signal,
        timeoutMs: TIMEOUTS.catalogue,
      }),
  })

/** The katalog menu: the category tree of the /catalog page (spec 7.2, 3 s). */
export const catalogMenuQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['menu', 'katalog', { cityId: locale.cityId, lang: locale.lang }],
    queryFn: ({ signal }) =>
      api.get<MenuResponse>(`${MENU_BASE}/menu/katalog`, {
        cityId: locale.cityId,
        signal,
        timeoutMs: TIMEOUTS.menu,
      }),
    staleTime: 5 * 60_000,
  })

/** The way from the root to a category, with its name, in the language of the page. */
export const categoryCrumbsQuery = (category: string, lang: Lang) =>
  queryOptions({
    queryKey: ['menu', 'crumbs', { category, lang }],
    queryFn: ({ signal }) =>
      api.get<BreadcrumbsResponse>(`${MENU_BASE}/menu/breadcrumbs/categories/${segment(category)}`, {
        signal,
        timeoutMs: TIMEOUTS.menu,
      }),
    staleTime: 5 * 60_000,
  })
