import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { HrefLink } from '../../url/href-link'
import { usePageHead } from '../../head/page-head'
import { useStoreLocation } from '../../url/store-location'
import { AppliedChips } from '../../listing/applied-chips'
import { appliedChips } from '../../listing/chips'
import { FilterPanel, type FilterLinks } from '../../listing/filter-panel'
import { FilterSheet, useFilterSheet } from '../../listing/filter-sheet'
import { ListingColumns } from '../../listing/listing-columns'
import { NothingMatchesFilters } from '../../listing/listing-state'
import { ListingTotal } from '../../listing/listing-total'
import { lastPage } from '../../listing/page-window'
import { ProductGrid } from '../../listing/product-grid'
import { SortSelect, SORT_LABELS, type SortOption } from '../../listing/sort-select'
import { useListingNavigate } from '../../listing/use-listing-navigate'
import { Button } from '../../ui/button'
import { PageFrame } from '../../page/page-frame'
import {
  literalSearch,
  popularSearch,
  recordSearchClick,
  SEARCH_SORTINGS,
  searchQuery,
  type SearchResult,
  type SearchSorting,
} from './queries'
import { hasFacets, searchFacets } from './search-facets'
import { shouldRecommend, shouldRetryLiteral } from './search-flow'
import {
  isNarrowed,
  normalizeSearch,
  searchFilterPairs,
  searchPagePath,
  searchParamsFor,
  withFilters,
  withoutFilters,
  withPage,
  withPrice,
  withSorting,
  type SearchPageSearch,
} from './search-url'
import styles from './search.module.css'

export type { SearchPageSearch } from './search-url'

/** The robots value of the catalogue's filtered listings (spec 2.3). */
const SEARCH_ROBOTS = 'NOINDEX, FOLLOW'

/** Spec 2.5: the catalogue's orders, popularity first as search's default. */
const SEARCH_SORT_OPTIONS: readonly SortOption<SearchSorting>[] = SEARCH_SORTINGS.map((value) => ({
  value,
  label: SORT_LABELS[value],
}))

/**
 * The search page (spec 2.5): the results of the URL's query in the catalogue's grid, with its filter
 * panel (categories of the matches, the facets, the price), chips, sorting and pages; the addresses
 * stay search's own query parameters. A reply with a redirect link opens that page; no products retries
 * once without clarification, then shows the empty-search recommendations. Offline it searches the
 * products already on the device.
 */
export function SearchPage({ search }: { search: SearchPageSearch }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const go = useListingNavigate()
  const location = useStoreLocation()
  const sheet = useFilterSheet()
  const q = search.q ?? ''
  const params = searchParamsFor(search, location)
  const narrowed = isNarrowed(search)
  const main = useQuery({ ...searchQuery(params), enabled: q !== '' })
  const retrying = shouldRetryLiteral(params, narrowed, main.data)
  const retry = useQuery({ ...searchQuery(literalSearch(params)), enabled: retrying })
  const nothing = shouldRecommend(params, narrowed, main.data, retry.data)
  const recommendations = useQuery({ ...searchQuery(popularSearch(params)), enabled: nothing })

  // The route's loader follows a redirect before the page shows; this covers an answer that arrives
  // later (a refetch, a search run in the browser only).
  const redirect = main.data?.query_redirect.redirect_link
  const redirectHref = redirect ? location.href(redirect) : undefined
  useEffect(() => {
    if (redirectHref) void navigate({ href: redirectHref, replace: true })
  }, [redirectHref, navigate])
  // Result pages are endless variations of the catalogue: search engines follow them, not index them.
  usePageHead({ title: undefined, description: undefined, robots: SEARCH_ROBOTS })

  const literalShown = retrying && retry.data !== undefined && retry.data.total > 0
  const result: SearchResult | undefined = literalShown ? retry.data : main.data
  // Results found by the words as typed stay that search when the shopper filters or pages them.
  const current: SearchPageSearch = literalShown ? { ...search, literal: true } : search
  const href = (next: SearchPageSearch) => location.href(searchPagePath(next))
  const links: FilterLinks = {
    filters: (pairs) => href(withFilters(current, pairs)),
    price: (choice) => href(withPrice(current, choice)),
  }
  const active = searchFilterPairs(search)
  const facets = result && !result.offline ? searchFacets(result, t`Категория`, search.c) : undefined
  const chips = appliedChips(active, search, facets)
  const resetHref = href(withoutFilters(current))
  const shown = result && !redirect && (result.total > 0 || (narrowed && !result.offline))
  const panel =
    facets && hasFacets(facets) ? (
      <FilterPanel
        data={facets}
        status="success"
        onRetry={() => void main.refetch()}
        active={active}
        price={search}
        links={links}
      />
    ) : undefined

  return (
    <>
      <PageFrame title={q ? t`Результаты поиска: «${q}»` : t`Поиск`} backLinks={false} testId="search-page">
        {main.isError && (
          <div role="alert" className={styles.error} data-testid="search-error">
            <p>{t`Поисковый запрос не удался. Попробуйте ещё раз.`}</p>
            <Button type="button" size="s" onClick={() => void main.refetch()}>{t`Повторить`}</Button>
          </div>
        )}
        {(main.isLoading || retry.isLoading || redirect) && (
          <p className={styles.notice} aria-live="polite">{t`Ищем…`}</p>
        )}
        {result?.offline && (
          <p className={styles.notice} role="status" data-testid="search-offline">
            {t`Нет сети: показаны товары, уже сохранённые на этом устройстве.`}
          </p>
        )}
        {result && !redirect && result.corrected_query && !search.literal && (
          <p className={styles.notice} data-testid="search-corrected">
            <Trans>
              Показаны результаты по запросу «<strong>{result.corrected_query}</strong>».
            </Trans>{' '}
            <HrefLink
              href={href(normalizeSearch({ ...search, literal: true, page: undefined }))}
              data-testid="search-literal"
            >
              <Trans>Искать вместо этого «{q}»</Trans>
            </HrefLink>
          </p>
        )}
        {result && literalShown && (
          <p className={styles.notice}>
            <Trans>По запросу с исправлениями ничего не нашлось, показаны результаты по «{q}».</Trans>
          </p>
        )}
        {result && shown ? (
          <ListingColumns
            panel={panel}
            sheet={sheet}
            activeFilters={chips.length}
            busy={main.isFetching}
            total={<ListingTotal total={result.total} />}
            sort={
              <SortSelect
                value={params.sorting}
                options={SEARCH_SORT_OPTIONS}
                onChange={(sorting) => go(href(withSorting(current, sorting)))}
              />
            }
            chips={<AppliedChips chips={chips} links={links} resetHref={resetHref} />}
            page={params.page}
            totalPages={result.offline ? 1 : lastPage(result.total, result.limit)}
            pageHref={(page) => href(withPage(current, page))}
          >
            {result.total > 0 ? (
              <ProductGrid
                products={result.products}
                onOpen={(product) => recordSearchClick(result.query_id, product.sku)}
              />
            ) : (
              <NothingMatchesFilters resetHref={resetHref} testId="search-narrowed-empty" />
            )}
          </ListingColumns>
        ) : null}
        {nothing && !main.isError && (
          <section className={styles.empty} data-testid="search-empty">
            {q !== '' && (
              <p className={styles.notice}>
                {t`По запросу «${q}» ничего не нашлось. Проверьте написание или посмотрите популярные товары.`}
              </p>
            )}
            {recommendations.data && recommendations.data.products.length > 0 && (
              <div data-testid="search-recommendations">
                <ProductGrid products={recommendations.data.products} title={t`Популярные товары`} />
              </div>
            )}
          </section>
        )}
      </PageFrame>
      {panel && sheet.phone ? (
        <FilterSheet
          open={sheet.open}
          onClose={sheet.close}
          total={result?.total}
          resetHref={chips.length > 0 ? resetHref : undefined}
        >
          {panel}
        </FilterSheet>
      ) : null}
    </>
  )
}
