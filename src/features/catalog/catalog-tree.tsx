import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { MenuItem } from '../../../contract/menu'
import { imageUrl } from '../../../contract/values/media'
import { HrefLink } from '../../url/href-link'
import { useStoreLocation } from '../../url/store-location'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { PageFrame } from '../../page/page-frame'
import styles from './catalog-tree.module.css'
import { catalogMenuQuery, SERVICES_CATEGORY } from './queries'

/** Side items first (the main departments), then the "other" group, then services at the bottom. */
const CLASS_ORDER = { side: 0, other: 1, bottom: 2 } as const

function hrefOf(item: MenuItem): string {
  return item.slug === SERVICES_CATEGORY ? '/catalog/s' : item.url
}

function Count({ value }: { value: number | null }) {
  if (value === null) return null
  return <span className={styles.count}>{value}</span>
}

/** The PC parts department, whose list starts with the configurator. */
const PC_PARTS = 'komplektuyushchie-dlya-pk'

function Department({ item }: { item: MenuItem }) {
  const { t } = useLingui()
  const location = useStoreLocation()
  // brand presets ('Смартфоны и гаджеты Samsung') go under the categories as small links
  const categories = item.children.filter((child) => child.kind !== 'preset')
  const presets = item.children.filter((child) => child.kind === 'preset')
  return (
    <section
      className={styles.department}
      data-testid="catalog-tree-item"
      data-level={1}
      data-slug={item.slug ?? ''}
    >
      <h2 className={styles.departmentTitle}>
        {item.image_id ? (
          <img
            className={styles.departmentImage}
            src={imageUrl(item.image_id, 48)}
            width={48}
            height={48}
            alt=""
            loading="lazy"
          />
        ) : null}
        <HrefLink href={location.href(hrefOf(item))} className={styles.departmentLink}>
          {item.title}
        </HrefLink>
        <Count value={item.product_count} />
      </h2>
      {categories.length > 0 ? (
        <ul className={styles.children}>
          {categories.map((child) => (
            <li key={child.id} data-testid="catalog-tree-item" data-level={2} data-slug={child.slug ?? ''}>
              <HrefLink href={location.href(hrefOf(child))} className={styles.childLink}>
                {child.title}
              </HrefLink>{' '}
              <Count value={child.product_count} />
              {child.children.length > 0 ? (
                <ul className={styles.grandchildren}>
                  {child.slug === PC_PARTS ? (
                    <li>
                      <Link
                        to="/{-$city}/configurator"
                        params={{ city: location.prefix }}
                        className={styles.leafLink}
                        data-testid="catalog-configurator-link"
                      >
                        {t`Конфигуратор ПК`}
                      </Link>
                    </li>
                  ) : null}
                  {child.children.map((leaf) => (
                    <li
                      key={leaf.id}
                      data-testid="catalog-tree-item"
                      data-level={3}
                      data-slug={leaf.slug ?? ''}
                    >
                      <HrefLink href={location.href(hrefOf(leaf))} className={styles.leafLink}>
                        {leaf.title}
                      </HrefLink>{' '}
                      <Count value={leaf.product_count} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {presets.length > 0 ? (
        <ul className={styles.presets}>
          {presets.map((preset) => (
            <li key={preset.id}>
              <HrefLink
                href={location.href(preset.url)}
                className={styles.presetLink}
                data-testid="catalog-preset"
              >
                {preset.title}
              </HrefLink>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

/** The whole category tree from the katalog menu, for the shopper's city and language. */
export function CatalogTree() {
  const { t } = useLingui()
  const location = useStoreLocation()
  const menu = useQuery(catalogMenuQuery(location))
  if (!menu.data) {
    if (menu.isError) {
      return (
        <div className={styles.failed} role="alert" data-testid="catalog-tree-error">
          <p>{t`Не удалось загрузить каталог. Проверьте подключение к интернету.`}</p>
          <Button variant="secondary" onClick={() => void menu.refetch()}>
            {t`Повторить`}
          </Button>
        </div>
      )
    }
    return (
      <div className={styles.tree} aria-busy="true">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className={styles.department}>
            <Skeleton height={24} width="60%" />
            <Skeleton height={16} width="80%" />
            <Skeleton height={16} width="70%" />
          </div>
        ))}
      </div>
    )
  }
  const items = menu.data.items
    .filter((item) => item.kind === 'category' || item.kind === 'preset')
    .sort((a, b) => CLASS_ORDER[a.item_class] - CLASS_ORDER[b.item_class])
  return (
    <div className={styles.tree} data-testid="catalog-tree">
      {items.map((item) => (
        <Department key={item.id} item={item} />
      ))}
    </div>
  )
}

/** `/catalog`: the catalogue's departments with their categories. */
export function CatalogTreePage() {
  const { t } = useLingui()
  return (
    <PageFrame
      title={t`Каталог товаров`}
      description={t`Все категории магазина: электроника, бытовая техника и товары для дома. Цены и наличие — для выбранного города.`}
      noCatalogLink
      backLinks={false}
      testId="section-catalog"
    >
      <CatalogTree />
    </PageFrame>
  )
}
