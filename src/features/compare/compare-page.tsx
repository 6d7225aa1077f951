import { useLingui } from '@lingui/react/macro'
import { useQueries } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useId, useState, type CSSProperties } from 'react'
import type { Product } from '../../../contract/catalog'
import { imageUrl } from '../../../contract/values/media'
import type { ComparedProduct } from '../../atoms/comparison'
import { ProductBuyButton } from '../../cart/add-to-cart-button'
import { clearComparisonAtom, comparisonListAtom, removeFromComparisonAtom } from '../../compare/actions'
import { PageFrame } from '../../page/page-frame'
import { SECTIONS } from '../../page/sections'
import { Button, buttonClassName, IconButton } from '../../ui/button'
import { CloseIcon } from '../../ui/icons'
import { Price } from '../../ui/price'
import { Skeleton } from '../../ui/skeleton'
import { useStoreLocation } from '../../url/store-location'
import { productQuery } from '../product'
import { comparisonTable, onlyDifferences } from './table'
import styles from './compare.module.css'

const IMAGE_SIZE = 150

interface Column {
  compared: ComparedProduct
  product: Product | null
  status: 'pending' | 'error' | 'success'
  retry: () => void
}

function EmptyComparison() {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  return (
    <div className={styles.empty} data-testid="compare-empty">
      <p>{t`В сравнении пока нет товаров. Добавьте их кнопкой сравнения на карточке или странице товара.`}</p>
      <Link to="/{-$city}/catalog" params={{ city: prefix }} className={buttonClassName()}>
        {t`Перейти в каталог`}
      </Link>
    </div>
  )
}

function ProductHead({ column }: { column: Column }) {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  const remove = useSetAtom(removeFromComparisonAtom)
  const { product, compared } = column
  const image = product?.images[0]
  return (
    <th scope="col" className={styles.productCell} data-testid="compare-product" data-sku={compared.sku}>
      <IconButton
        label={t`Убрать из сравнения`}
        className={styles.remove}
        onClick={() => void remove(compared.sku)}
        data-testid="compare-remove"
      >
        <CloseIcon size="S" />
      </IconButton>
      {product ? (
        <>
          {image ? (
            <img
              className={styles.image}
              src={imageUrl(image, IMAGE_SIZE)}
              width={IMAGE_SIZE}
              height={IMAGE_SIZE}
              alt=""
              loading="lazy"
            />
          ) : (
            <span className={styles.image} aria-hidden="true" />
          )}
          <Link to="/{-$city}/p/$uri" params={{ city: prefix, uri: product.uri }} className={styles.title}>
            {product.title}
          </Link>
          <Price amount={product.price} oldAmount={product.old_price} className={styles.price} />
          <ProductBuyButton product={product} size="s" iconSize="S" />
        </>
      ) : column.status === 'pending' ? (
        <div className={styles.loading} aria-busy="true">
          <Skeleton height={IMAGE_SIZE} radius={8} />
          <Skeleton height={16} />
          <Skeleton height={16} width="60%" />
        </div>
      ) : (
        <div className={styles.failed} role="alert">
          <p>{t`Не удалось загрузить товар. Без сети видны только товары, которые уже открывались.`}</p>
          <Button size="s" variant="secondary" onClick={column.retry}>
            {t`Повторить`}
          </Button>
        </div>
      )}
    </th>
  )
}

function ComparisonTable({ columns }: { columns: Column[] }) {
  const { t } = useLingui()
  const toggleId = useId()
  const [differencesOnly, setDifferencesOnly] = useState(false)
  const clear = useSetAtom(clearComparisonAtom)
  const all = comparisonTable(columns.map((column) => column.product))
  const groups = differencesOnly ? onlyDifferences(all) : all
  const loaded = columns.filter((column) => column.product).length
  const count = columns.length
  return (
    <>
      <div className={styles.toolbar}>
        <label className={styles.toggle} htmlFor={toggleId}>
          <input
            id={toggleId}
            type="checkbox"
            role="switch"
            checked={differencesOnly}
            onChange={(event) => setDifferencesOnly(event.target.checked)}
            data-testid="compare-differences"
          />
          {t`Только различия`}
        </label>
        <Button variant="secondary" size="s" onClick={() => void clear()} data-testid="compare-clear">
          {t`Очистить список`}
        </Button>
      </div>
      <div className={styles.scroller} data-testid="compare-scroller">
        <table
          className={styles.table}
          style={{ '--products': count } as CSSProperties}
          data-testid="compare-table"
          data-products={count}
        >
          <caption className="visually-hidden">{t`Характеристики товаров рядом`}</caption>
          <thead>
            <tr>
              <td className={styles.corner} />
              {columns.map((column) => (
                <ProductHead key={column.compared.sku} column={column} />
              ))}
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group.code} data-testid="compare-group">
              <tr className={styles.groupRow}>
                <th scope="rowgroup" colSpan={count + 1} className={styles.groupTitle}>
                  <span>{group.title}</span>
                </th>
              </tr>
              {group.rows.map((row) => (
                <RowOfValues key={row.code} title={row.title} values={row.values} count={count} />
              ))}
            </tbody>
          ))}
        </table>
        {differencesOnly && groups.length === 0 && loaded > 1 ? (
          <p className={styles.same} data-testid="compare-no-differences">
            {t`Характеристики этих товаров не различаются.`}
          </p>
        ) : null}
      </div>
    </>
  )
}

function RowOfValues({ title, values, count }: { title: string; values: (string | null)[]; count: number }) {
  return (
    <>
      {/* On a phone the name of the characteristic takes its own line above the values. */}
      <tr className={styles.phoneLabelRow} aria-hidden="true">
        <td colSpan={count + 1}>
          <span>{title}</span>
        </td>
      </tr>
      <tr data-testid="compare-row">
        <th scope="row" className={styles.label}>
          {title}
        </th>
        {values.map((value, index) => (
          <td key={index} className={styles.value}>
            {value ?? '—'}
          </td>
        ))}
      </tr>
    </>
  )
}

/**
 * `/compare` (browsing 2.1, 4 "Comparison"): the products this device compares, side by side by attribute
 * group. Each product is read with the product page's own query, so one seen before (on its page or
 * here) shows offline from the saved cache.
 */
export function ComparePage() {
  const { t, i18n } = useLingui()
  const { cityId, lang } = useStoreLocation()
  const list = useAtomValue(comparisonListAtom)
  const count = list?.length ?? 0
  const results = useQueries({
    queries: (list ?? []).map((item) => productQuery(item.uri, cityId, lang)),
  })
  const columns: Column[] = (list ?? []).map((compared, index) => {
    const result = results[index]!
    return {
      compared,
      product: result.data ?? null,
      status: result.data ? 'success' : result.isError ? 'error' : 'pending',
      retry: () => void result.refetch(),
    }
  })
  return (
    <PageFrame
      title={i18n._(SECTIONS.compare.title)}
      description={count > 0 ? t`Товаров в сравнении: ${count}` : undefined}
      backLinks={false}
      testId="compare-page"
    >
      {list === null ? (
        <div aria-busy="true" data-testid="compare-loading">
          <Skeleton height={320} radius={10} />
        </div>
      ) : list.length === 0 ? (
        <EmptyComparison />
      ) : (
        <ComparisonTable columns={columns} />
      )}
    </PageFrame>
  )
}
