import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import type {
  AdminProduct,
  AdminProductHits,
  CityEdit,
  ImportList,
  ImportView,
  RejectionReason,
} from '../../../contract/catalog-import'
import { CATALOG_IMPORT_ERROR_KEYS as KEYS } from '../../../contract/values/catalog-import'
import { adminApi, isAdminError } from './api'
import { storeDateTime, tenge } from './format'
import styles from './admin.module.css'

const KEY = ['admin', 'catalog'] as const
const LIST_KEY = [...KEY, 'imports'] as const
/** Rejected rows shown at once; a big file's report is read a page at a time. */
const REPORT_PAGE = 50
const POLL_MS = 1_000
const MAX_PRICE = 100_000_000
const MAX_STOCK = 1_000_000
const isPrice = (n: number | null): n is number =>
  n !== null && Number.isInteger(n) && n >= 1 && n <= MAX_PRICE

const CITY_NAMES: Record<number, MessageDescriptor> = {
  1: msg`Алматы`,
  2: msg`Астана`,
  3: msg`Шымкент`,
  4: msg`Актобе`,
}

const REASONS: Record<RejectionReason, MessageDescriptor> = {
  required: msg`не заполнено обязательное поле`,
  not_integer: msg`не целое число`,
  out_of_range: msg`значение вне допустимых границ`,
  bad_text: msg`слишком длинный текст или недопустимые символы`,
  bad_value: msg`недопустимое значение`,
  old_price_not_above_price: msg`старая цена не выше цены`,
  nothing_to_import: msg`строка ничего не меняет`,
  unknown_column: msg`неизвестная колонка`,
  unknown_product: msg`нет товара с таким артикулом`,
  unknown_category: msg`нет такой категории`,
  unknown_brand: msg`нет такого бренда`,
  unknown_point: msg`нет такой точки в этом городе`,
  below_reserved: msg`остаток меньше, чем держат открытые заказы`,
  unreadable: msg`строку не удалось прочитать`,
}

type Details = Record<string, unknown> | undefined
const num = (details: Details, key: string) => {
  const value = details?.[key]
  return typeof value === 'number' ? value : '?'
}

/** The server's answers by their message key; some carry figures in their details. */
const ERRORS: Record<string, (details: Details) => MessageDescriptor> = {
  [KEYS.belowReserved]: (d) => {
    const held = num(d, 'held')
    const point = num(d, 'point_id')
    return msg`Остаток меньше, чем держат открытые заказы: на точке ${point} удерживается ${held} шт.`
  },
  [KEYS.unknownPoint]: (d) => {
    const point = num(d, 'point_id')
    return msg`Точка ${point} не работает в этом городе.`
  },
  [KEYS.oldPriceNotAbovePrice]: () => msg`Старая цена должна быть выше новой.`,
  [KEYS.productNotFound]: () => msg`Товар не найден.`,
  [KEYS.unknownCity]: () => msg`Нет такого города.`,
  [KEYS.notFound]: () => msg`Импорт не найден.`,
  [KEYS.unsupportedFormat]: () => msg`Файл должен быть CSV или JSON.`,
  [KEYS.empty]: () => msg`В файле нет ни одной строки.`,
  [KEYS.unreadable]: () => msg`Файл не удалось прочитать: проверьте кавычки, колонки и синтаксис.`,
  'errors:noConnection': () => msg`Нет связи с сервером.`,
}

/** An import's content type by the file's name: browsers name a CSV's type differently, or not at all. */
function importType(file: File): string | null {
  const name = file.name.toLowerCase()
  if (name.endsWith('.csv')) return 'text/csv'
  if (name.endsWith('.json')) return 'application/json'
  return null
}

const running = (view: ImportView | undefined) => view?.status === 'staged' || view?.status === 'applying'

function PriceField(props: { label: string; name: string; value: number | null; testId: string }) {
  return (
    <label className={styles.field}>
      {props.label}
      <input
        name={props.name}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_PRICE}
        defaultValue={props.value ?? ''}
        data-testid={props.testId}
      />
    </label>
  )
}

/** `/admin/catalog`: find a product and set its price and stock per city; import files of them. */
export function AdminCatalogPage() {
  const { t } = useLingui()
  const [sku, setSku] = useState<string | null>(null)
  return (
    <>
      <h1>{t`Каталог`}</h1>
      <ProductSearch onPick={setSku} picked={sku} />
      {sku ? <ProductEditor key={sku} sku={sku} /> : null}
      <Imports />
    </>
  )
}

function useErrorText() {
  const { i18n, t } = useLingui()
  return (error: unknown, fallback: string) => {
    if (!isAdminError(error)) return fallback
    if (error.status === 413) return t`Файл слишком большой.`
    const known = ERRORS[error.messageKey]
    return known ? i18n._(known(error.details as Details)) : fallback
  }
}

function ProductSearch({ onPick, picked }: { onPick: (sku: string) => void; picked: string | null }) {
  const { t } = useLingui()
  const [q, setQ] = useState('')
  const hits = useQuery({
    queryKey: [...KEY, 'search', q],
    queryFn: () => adminApi.get<AdminProductHits>('/catalog/products', { q }),
    enabled: q !== '',
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setQ(String(new FormData(event.currentTarget).get('q') ?? '').trim())
  }
  return (
    <section className={styles.card} aria-label={t`Поиск товара`}>
      <form className={styles.filters} onSubmit={submit} role="search">
        <label>
          {t`Артикул или название`}
          <input name="q" type="search" maxLength={100} required data-testid="catalog-search" />
        </label>
        <button type="submit" className={styles.primary}>
          {t`Найти`}
        </button>
      </form>
      {q === '' ? null : hits.isError ? (
        <p className={styles.error} role="alert">{t`Не удалось выполнить поиск.`}</p>
      ) : !hits.data ? (
        <p role="status">{t`Загрузка…`}</p>
      ) : hits.data.products.length === 0 ? (
        <p className={styles.muted} role="status">{t`ничего не найдено`}</p>
      ) : (
        <ul className={styles.hits}>
          {hits.data.products.map((p) => (
            <li key={p.sku}>
              <button
                type="button"
                className={styles.hit}
                aria-pressed={p.sku === picked}
                onClick={() => onPick(p.sku)}
                data-testid="catalog-hit"
              >
                <span className={styles.muted}>{p.sku}</span> {p.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function ProductEditor({ sku }: { sku: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const key = [...KEY, 'product', sku]
  const product = useQuery({
    queryKey: key,
    queryFn: () => adminApi.get<AdminProduct>(`/catalog/products/${encodeURIComponent(sku)}`),
  })
  const [cityId, setCityId] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const errorText = useErrorText()
  const save = useMutation({
    mutationFn: (body: { city: number; edit: CityEdit }) =>
      adminApi.patch<AdminProduct>(
        `/catalog/products/${encodeURIComponent(sku)}/cities/${body.city}`,
        body.edit,
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer)
      setSaved(true)
    },
  })

  if (product.isError)
    return (
      <p className={styles.error} role="alert">
        {errorText(product.error, t`Не удалось загрузить товар.`)}
      </p>
    )
  if (!product.data) return <p role="status">{t`Загрузка…`}</p>
  const { cities } = product.data
  const city = cities.find((c) => c.city_id === cityId) ?? cities[0]
  const cityName = (id: number) => (CITY_NAMES[id] ? i18n._(CITY_NAMES[id]) : String(id))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!city || save.isPending) return
    const form = new FormData(event.currentTarget)
    setSaved(false)
    save.reset()
    const edit: CityEdit = {}
    const priceText = String(form.get('price') ?? '').trim()
    const price = priceText === '' ? city.price : Number(priceText)
    if (priceText !== '') {
      if (!isPrice(price)) return setProblem(t`Цена — целое число от 1 до 100 000 000 ₸.`)
      if (price !== city.price) edit.price = price
    }
    // an empty field takes the crossed-out price away
    const oldText = String(form.get('old_price') ?? '').trim()
    const oldPrice = oldText === '' ? null : Number(oldText)
    if (oldPrice !== null && !isPrice(oldPrice))
      return setProblem(t`Старая цена — целое число от 1 до 100 000 000 ₸ или пустое поле.`)
    if (oldPrice !== null && price !== null && oldPrice <= price)
      return setProblem(t`Старая цена должна быть выше новой.`)
    if (oldPrice !== city.old_price) edit.old_price = oldPrice
    for (const s of city.stocks) {
      const onHand = Number(String(form.get(`stock-${s.point_id}-${s.condition}`) ?? '').trim() || NaN)
      if (!Number.isInteger(onHand) || onHand < 0 || onHand > MAX_STOCK)
        return setProblem(t`Остаток — целое число от 0 до 1 000 000.`)
      if (onHand !== s.on_hand)
        (edit.stocks ??= []).push({ point_id: s.point_id, condition: s.condition, on_hand: onHand })
    }
    if (edit.price === undefined && edit.old_price === undefined && !edit.stocks)
      return setProblem(t`Ничего не изменено.`)
    setProblem(null)
    save.mutate({ city: city.city_id, edit })
  }

  return (
    <section className={styles.card} aria-label={t`Товар`} data-testid="catalog-product">
      <h2>
        {product.data.title_ru} <span className={styles.muted}>{product.data.sku}</span>
      </h2>
      <p className={styles.muted}>
        {product.data.category} · {product.data.title_kk}
      </p>
      {cities.length === 0 ? (
        <p className={styles.muted}>{t`Товар не продаётся ни в одном городе.`}</p>
      ) : (
        <>
          <div className={styles.actions} role="group" aria-label={t`Город`}>
            {cities.map((c) => (
              <button
                key={c.city_id}
                type="button"
                className={styles.button}
                aria-pressed={c.city_id === city?.city_id}
                onClick={() => {
                  setCityId(c.city_id)
                  setProblem(null)
                  setSaved(false)
                  save.reset()
                }}
              >
                {cityName(c.city_id)}: {c.price === null ? '—' : tenge(c.price)}
              </button>
            ))}
          </div>
          {city ? (
            <form
              key={`${city.city_id}-${product.dataUpdatedAt}`}
              className={styles.editor}
              onSubmit={submit}
              noValidate
              data-testid="catalog-editor"
            >
              <PriceField
                label={t`Цена в городе ${cityName(city.city_id)}, ₸`}
                name="price"
                value={city.price}
                testId="catalog-price"
              />
              <PriceField
                label={t`Старая (зачёркнутая) цена, ₸`}
                name="old_price"
                value={city.old_price}
                testId="catalog-old-price"
              />
              {city.stocks.length === 0 ? (
                <p className={styles.muted}>{t`В городе нет работающих точек.`}</p>
              ) : (
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th>{t`Точка`}</th>
                      <th>{t`Доступно`}</th>
                      <th>{t`В заказах`}</th>
                      <th>{t`На точке`}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {city.stocks.map((s) => (
                      <tr key={`${s.point_id}-${s.condition}`} data-testid="catalog-stock">
                        <td>
                          {s.point_title}
                          {s.condition === 'V' ? <span className={styles.muted}> · {t`витрина`}</span> : null}
                        </td>
                        <td>
                          <span className={styles.cellLabel}>{t`Доступно`}: </span>
                          {s.available}
                        </td>
                        <td>
                          <span className={styles.cellLabel}>{t`В заказах`}: </span>
                          {s.held}
                        </td>
                        <td>
                          <label>
                            <span className={styles.cellLabel}>{t`На точке`}: </span>
                            <input
                              name={`stock-${s.point_id}-${s.condition}`}
                              type="number"
                              inputMode="numeric"
                              min={0}
                              max={MAX_STOCK}
                              defaultValue={s.on_hand}
                              aria-label={t`На точке: ${s.point_title}`}
                              className={styles.stockInput}
                            />
                          </label>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <div className={styles.actions}>
                <button type="submit" className={styles.primary} aria-busy={save.isPending}>
                  {save.isPending ? t`Сохраняем…` : t`Сохранить`}
                </button>
                {problem ? (
                  <p className={styles.error} role="alert" data-testid="catalog-edit-error">
                    {problem}
                  </p>
                ) : save.isError ? (
                  <p className={styles.error} role="alert" data-testid="catalog-edit-error">
                    {errorText(save.error, t`Не удалось сохранить. Проверьте поля.`)}
                  </p>
                ) : saved ? (
                  <p role="status" data-testid="catalog-edit-saved">
                    {t`Сохранено.`}
                  </p>
                ) : null}
              </div>
            </form>
          ) : null}
        </>
      )}
    </section>
  )
}

function Imports() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const errorText = useErrorText()
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [importId, setImportId] = useState<string | null>(null)
  /** The `after` of every report page read so far: the last one is shown, the one before is "back". */
  const [pages, setPages] = useState<number[]>([0])
  const after = pages[pages.length - 1] ?? 0

  const latest = useQuery({
    queryKey: LIST_KEY,
    queryFn: () => adminApi.get<ImportList>('/catalog/imports'),
  })
  const upload = useMutation({
    mutationFn: ({ file, type }: { file: File; type: string }) =>
      adminApi.upload<ImportView>('/catalog/imports', file, type),
    onSuccess: (view) => {
      queryClient.setQueryData([...KEY, 'import', view.id, 0], view)
      setImportId(view.id)
      setPages([0])
      void queryClient.invalidateQueries({ queryKey: LIST_KEY })
    },
  })
  const current = useQuery({
    queryKey: [...KEY, 'import', importId, after],
    queryFn: () => adminApi.get<ImportView>(`/catalog/imports/${importId}`, { after, limit: REPORT_PAGE }),
    enabled: importId !== null,
    refetchInterval: (query) => (running(query.state.data) ? POLL_MS : false),
  })
  const finished = current.data && !running(current.data) ? current.data.status : null
  useEffect(() => {
    // the list shows each import's final figures once it has them
    if (finished) void queryClient.invalidateQueries({ queryKey: LIST_KEY })
  }, [finished, queryClient])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (upload.isPending) return
    upload.reset()
    if (!file) return setProblem(t`Выберите файл.`)
    const type = importType(file)
    if (!type) return setProblem(t`Файл должен быть CSV или JSON (.csv, .json).`)
    setProblem(null)
    upload.mutate({ file, type })
  }

  return (
    <section className={styles.card} aria-label={t`Импорт`}>
      <h2>{t`Импорт цен и остатков`}</h2>
      <form className={styles.filters} onSubmit={submit}>
        <label>
          {t`Файл CSV или JSON`}
          <input
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            data-testid="catalog-import-file"
          />
        </label>
        <button type="submit" className={styles.primary} aria-busy={upload.isPending}>
          {upload.isPending ? t`Загружаем…` : t`Загрузить`}
        </button>
      </form>
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : upload.isError ? (
        <p className={styles.error} role="alert" data-testid="catalog-import-error">
          {errorText(upload.error, t`Не удалось загрузить файл.`)}
        </p>
      ) : null}

      {importId === null ? null : current.isError ? (
        <p className={styles.error} role="alert">
          {errorText(current.error, t`Не удалось получить состояние импорта.`)}
        </p>
      ) : !current.data ? (
        <p role="status">{t`Загрузка…`}</p>
      ) : (
        <ImportReport
          view={current.data}
          onNext={(next) => setPages((p) => [...p, next])}
          onBack={pages.length > 1 ? () => setPages((p) => p.slice(0, -1)) : null}
        />
      )}

      <h3>{t`Последние импорты`}</h3>
      {latest.isError ? (
        <p className={styles.error} role="alert">{t`Не удалось загрузить список импортов.`}</p>
      ) : !latest.data ? (
        <p role="status">{t`Загрузка…`}</p>
      ) : latest.data.imports.length === 0 ? (
        <p className={styles.muted}>{t`Импортов ещё не было.`}</p>
      ) : (
        <table className={styles.table} data-testid="catalog-imports">
          <thead>
            <tr>
              <th>{t`Когда`}</th>
              <th>{t`Файл`}</th>
              <th>{t`Состояние`}</th>
              <th>{t`Строк`}</th>
              <th>{t`Отклонено`}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {latest.data.imports.map((i) => (
              <tr key={i.id}>
                <td>{storeDateTime(i.created_at)}</td>
                <td>{i.format.toUpperCase()}</td>
                <td>
                  <ImportStatusName status={i.status} />
                </td>
                <td>
                  <span className={styles.cellLabel}>{t`Строк`}: </span>
                  {i.rows.total}
                </td>
                <td>
                  <span className={styles.cellLabel}>{t`Отклонено`}: </span>
                  {i.rows.rejected}
                </td>
                <td>
                  <button
                    type="button"
                    className={styles.button}
                    onClick={() => {
                      setImportId(i.id)
                      setPages([0])
                    }}
                  >
                    {t`Открыть`}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

function ImportStatusName({ status }: { status: ImportView['status'] }) {
  const { t } = useLingui()
  const names: Record<ImportView['status'], string> = {
    staged: t`проверен, ждёт`,
    applying: t`применяется`,
    done: t`готово`,
    failed: t`ошибка`,
  }
  return <span className={styles.status}>{names[status]}</span>
}

function ImportReport({
  view,
  onNext,
  onBack,
}: {
  view: ImportView
  onNext: (after: number) => void
  onBack: (() => void) | null
}) {
  const { t, i18n } = useLingui()
  const done = Math.round(view.progress * view.rows.total)
  const { total, rejected } = view.rows
  const c = view.changes
  return (
    <div className={styles.report} data-testid="catalog-import" data-status={view.status}>
      <p>
        <ImportStatusName status={view.status} />{' '}
        <span data-testid="catalog-import-progress">{t`Обработано строк: ${done} из ${total}`}</span>
      </p>
      <progress max={1} value={view.progress} aria-label={t`Ход импорта`} />
      {view.status === 'failed' ? (
        <p className={styles.error} role="alert">
          {t`Импорт остановился на ошибке: ${view.error ?? '—'}`}
        </p>
      ) : null}
      {view.same_as ? (
        <p className={styles.muted}>{t`Этот файл уже загружали: изменилось только новое.`}</p>
      ) : null}
      <p className={styles.muted}>
        {t`Новых товаров: ${c.products_created}, изменено товаров: ${c.products_updated}, цен: ${c.prices}, остатков: ${c.stocks}. Отклонено строк: ${rejected}.`}
      </p>
      {view.rejections.length > 0 ? (
        <>
          <table className={styles.table} data-testid="catalog-rejections">
            <thead>
              <tr>
                <th>{t`Строка`}</th>
                <th>{t`Поле`}</th>
                <th>{t`Причина`}</th>
                <th>{t`Значение`}</th>
              </tr>
            </thead>
            <tbody>
              {view.rejections.map((r) => (
                <tr key={`${r.row}-${r.field}`} data-testid="catalog-rejection">
                  <td>{t`строка ${r.row}`}</td>
                  <td>
                    <span className={styles.cellLabel}>{t`Поле`}: </span>
                    {r.field}
                  </td>
                  <td>
                    {i18n._(REASONS[r.reason])}
                    {r.held !== null ? ` (${t`в заказах: ${r.held}`})` : ''}
                  </td>
                  <td className={styles.value}>{r.value ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className={styles.pager}>
            {onBack ? (
              <button type="button" className={styles.button} onClick={onBack}>
                {t`Назад`}
              </button>
            ) : null}
            {view.rejections_next !== null ? (
              <button
                type="button"
                className={styles.button}
                onClick={() => onNext(view.rejections_next as number)}
              >
                {t`Ещё отклонённые строки`}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  )
}
