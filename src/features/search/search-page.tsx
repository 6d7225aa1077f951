import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState, type FormEvent } from 'react'
import type { Filter } from '../../../contract/catalog'
import { imageUrl } from '../../../contract/values/media'
import type { SearchProduct } from '../../../contract/search'
import { useDocumentTitle } from '../../app/document-title'
import { useStoreLocation } from '../../app/store-location'
import { Button } from '../../ui/button'
import { Price } from '../../ui/price'
import {
  recordSearchClick,
  SEARCH_LIMIT,
  SEARCH_SORTINGS,
  searchQuery,
  type SearchParams,
  type SearchResult,
  type SearchSorting,
} from './queries'
import styles from './search.module.css'

export interface SearchPageSearch {
  q?: string
  sorting?: SearchSorting
  priceMin?: number
  priceMax?: number
  page?: number
  f?: string
  c?: string
  literal?: boolean
}

/** Spec 9: the mobile breakpoint. */
const PHONE_QUERY = '(max-width: 767px)'

function togglePair(filters: string | undefined, pair: string): string | undefined {
  const list = (filters ?? '').split(',').filter((p) => p !== '')
  const next = list.includes(pair) ? list.filter((p) => p !== pair) : [...list, pair]
  return next.length ? next.sort().join(',') : undefined
}

function ResultCard({ product, onOpen }: { product: SearchProduct; onOpen: () => void }) {
  const location = useStoreLocation()
  const image = product.images[0]
  return (
    <Link
      to="/{-$city}/p/$uri"
      params={{ city: location.prefix, uri: product.uri }}
      className={styles.card}
      onClick={onOpen}
      data-testid="search-result"
    >
      {image ? (
        <img
          className={styles.image}
          src={imageUrl(image, 272)}
          width={272}
          height={272}
          alt=""
          loading="lazy"
        />
      ) : (
        <span className={styles.image} />
      )}
      <span className={styles.title}>{product.title}</span>
      <Price amount={product.price} oldAmount={product.old_price} />
    </Link>
  )
}

function Facets({
  result,
  search,
  go,
}: {
  result: SearchResult
  search: SearchPageSearch
  go: (next: Partial<SearchPageSearch>) => void
}) {
  const { t } = useLingui()
  const [min, setMin] = useState(search.priceMin?.toString() ?? '')
  const [max, setMax] = useState(search.priceMax?.toString() ?? '')
  const applyPrice = (event: FormEvent) => {
    event.preventDefault()
    const toNumber = (v: string) => (/^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined)
    go({ priceMin: toNumber(min), priceMax: toNumber(max), page: undefined })
  }
  const optionFilters = result.filters.filter((f: Filter) => f.type !== 'range' && f.options.length > 0)
  // on a phone the filters fold under one line above the results; wider screens show them open
  const [open] = useState(
    () => typeof window.matchMedia !== 'function' || !window.matchMedia(PHONE_QUERY).matches,
  )
  return (
    <details className={styles.facetsBox} open={open}>
      <summary className={styles.facetsSummary}>{t`Фильтры`}</summary>
      <aside className={styles.facets} aria-label={t`Фильтры`} data-testid="search-facets">
        {result.categories.length > 0 && (
          <section>
            <h2 className={styles.facetTitle}>{t`Категории`}</h2>
            <ul className={styles.options}>
              {search.c && (
                <li>
                  <button
                    type="button"
                    className={styles.linkButton}
                    onClick={() => go({ c: undefined, f: undefined, page: undefined })}
                  >
                    {t`Все категории`}
                  </button>
                </li>
              )}
              {result.categories.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className={styles.linkButton}
                    aria-pressed={search.c === c.path}
                    onClick={() => go({ c: c.path, f: undefined, page: undefined })}
                  >
                    {c.title} <span className={styles.count}>{c.count}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <form className={styles.price} onSubmit={applyPrice}>
          <h2 className={styles.facetTitle}>{t`Цена, ₸`}</h2>
          <div className={styles.priceRow}>
            <input
              inputMode="numeric"
              aria-label={t`Цена от`}
              placeholder={String(result.price_range.min)}
              value={min}
              onChange={(e) => setMin(e.target.value)}
            />
            <input
              inputMode="numeric"
              aria-label={t`Цена до`}
              placeholder={String(result.price_range.max)}
              value={max}
              onChange={(e) => setMax(e.target.value)}
            />
            <Button type="submit" size="s" variant="secondary">{t`Применить`}</Button>
          </div>
        </form>
        {optionFilters.slice(0, 6).map((f) => (
          <fieldset key={f.code} className={styles.group}>
            <legend className={styles.facetTitle}>{f.title}</legend>
            {f.options
              .filter((o) => o.count > 0 || o.isActive)
              .slice(0, 12)
              .map((o) => (
                <label key={o.code} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={o.isActive}
                    disabled={!o.isEnabled}
                    onChange={() => go({ f: togglePair(search.f, `${f.code}:${o.code}`), page: undefined })}
                    data-testid={`facet-${f.code}-${o.code}`}
                  />
                  {o.title} <span className={styles.count}>{o.count}</span>
                </label>
              ))}
          </fieldset>
        ))}
      </aside>
    </details>
  )
}

/**
 * The search page (spec 2.5): results of the URL's query with facets, price range and sorting. A
 * reply with a redirect link opens that page; no products retries once without clarification, then
 * shows the empty-search recommendations. Offline it searches the products already on the device.
 */
export function SearchPage({ search }: { search: SearchPageSearch }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const location = useStoreLocation()
  const q = search.q ?? ''
  const params: SearchParams = {
    cityId: location.cityId,
    lang: location.lang,
    q,
    sorting: search.sorting ?? 'popularity',
    page: search.page ?? 1,
    priceMin: search.priceMin,
    priceMax: search.priceMax,
    filters: search.f,
    category: search.c,
    clarification: !search.literal,
  }
  useDocumentTitle(q ? t`Поиск: ${q}` : t`Поиск`)
  const main = useQuery({ ...searchQuery(params), enabled: q !== '' })
  const empty = main.data && main.data.total === 0 && !main.data.offline
  const retry = useQuery({
    ...searchQuery({ ...params, clarification: false }),
    enabled: Boolean(empty && params.clarification),
  })
  const nothing = q === '' || (empty && (!params.clarification || (retry.data && retry.data.total === 0)))
  const recommendations = useQuery({
    ...searchQuery({
      ...params,
      q: '',
      filters: undefined,
      category: undefined,
      priceMin: undefined,
      priceMax: undefined,
      page: 1,
      sorting: 'popularity',
      clarification: true,
    }),
    enabled: Boolean(nothing),
  })

  const redirect = main.data?.query_redirect.redirect_link
  useEffect(() => {
    if (redirect) void navigate({ href: location.href(redirect), replace: true })
  }, [redirect, navigate, location])

  const go = (next: Partial<SearchPageSearch>) =>
    void navigate({
      to: '/{-$city}/search',
      params: { city: location.prefix },
      search: { ...search, ...next },
    })

  const result = empty && retry.data && retry.data.total > 0 ? retry.data : main.data
  const sortLabels: Record<SearchSorting, string> = {
    popularity: t`По популярности`,
    discount: t`По скидке`,
    new: t`Сначала новые`,
    price_asc: t`Сначала дешёвые`,
    price_desc: t`Сначала дорогие`,
    rating: t`По рейтингу`,
  }

  return (
    <div className={`page-container ${styles.page}`} data-testid="search-page">
      <h1 className={styles.heading}>{q ? t`Результаты поиска: «${q}»` : t`Поиск`}</h1>
      {main.isError && (
        <div role="alert" className={styles.error} data-testid="search-error">
          <p>{t`Поисковый запрос не удался. Попробуйте ещё раз.`}</p>
          <Button type="button" size="s" onClick={() => void main.refetch()}>{t`Повторить`}</Button>
        </div>
      )}
      {(main.isLoading || retry.isLoading || redirect) && (
        <p className={styles.status} aria-live="polite">{t`Ищем…`}</p>
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
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => go({ literal: true, page: undefined })}
          >
            <Trans>Искать вместо этого «{q}»</Trans>
          </button>
        </p>
      )}
      {result && result === retry.data && (
        <p className={styles.notice}>
          <Trans>По запросу с исправлениями ничего не нашлось, показаны результаты по «{q}».</Trans>
        </p>
      )}
      {result && !redirect && result.total > 0 && (
        <div className={styles.layout}>
          <Facets key={`${search.priceMin}-${search.priceMax}`} result={result} search={search} go={go} />
          <div className={styles.results}>
            <div className={styles.toolbar}>
              <p className={styles.total} data-testid="search-total">
                {t`Найдено товаров: ${result.total}`}
              </p>
              <label className={styles.sort}>
                {t`Сортировка`}{' '}
                <select
                  value={params.sorting}
                  onChange={(e) => go({ sorting: e.target.value as SearchSorting, page: undefined })}
                  data-testid="search-sorting"
                >
                  {SEARCH_SORTINGS.map((s) => (
                    <option key={s} value={s}>
                      {sortLabels[s]}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <ul className={styles.grid}>
              {result.products.map((p) => (
                <li key={p.sku}>
                  <ResultCard product={p} onOpen={() => recordSearchClick(result.query_id, p.sku)} />
                </li>
              ))}
            </ul>
            {!result.offline && result.total > SEARCH_LIMIT && (
              <nav className={styles.pages} aria-label={t`Страницы`}>
                <Button
                  type="button"
                  size="s"
                  variant="secondary"
                  disabled={params.page <= 1}
                  onClick={() => go({ page: params.page - 1 })}
                >
                  {t`Назад`}
                </Button>
                <span>{t`Страница ${params.page} из ${Math.ceil(result.total / SEARCH_LIMIT)}`}</span>
                <Button
                  type="button"
                  size="s"
                  variant="secondary"
                  disabled={params.page * SEARCH_LIMIT >= result.total}
                  onClick={() => go({ page: params.page + 1 })}
                >
                  {t`Вперёд`}
                </Button>
              </nav>
            )}
          </div>
        </div>
      )}
      {nothing && !main.isError && (
        <section data-testid="search-empty">
          {q !== '' && (
            <p
              className={styles.notice}
            >{t`По запросу «${q}» ничего не нашлось. Проверьте написание или посмотрите популярные товары.`}</p>
          )}
          {recommendations.data && recommendations.data.products.length > 0 && (
            <>
              <h2 className={styles.subheading}>{t`Популярные товары`}</h2>
              <ul className={styles.grid} data-testid="search-recommendations">
                {recommendations.data.products.map((p) => (
                  <li key={p.sku}>
                    <ResultCard product={p} onOpen={() => undefined} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </div>
  )
}
