import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { PromotionSummary } from '../../../contract/menu'
import { imageUrl } from '../../../contract/values/media'
import { useStoreLocation } from '../../url/store-location'
import { formatDate } from '../../i18n/format'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { ContentAnchor } from '../../url/content-anchor'
import { PageFrame } from '../../page/page-frame'
import { CmsBlocks } from './blocks'
import { documentTitle } from '../../head/document-title'
import { usePageHead } from '../../head/page-head'
import { cmsPageQuery, promotionsQuery } from './queries'
import { promotionPhase } from './text'
import { PROMO_SLUG } from './load'
import styles from './content.module.css'

function PromotionCard({
  promotion,
  now,
  eager,
}: {
  promotion: PromotionSummary
  now: Date
  eager: boolean
}) {
  const { t } = useLingui()
  const phase = promotionPhase(promotion.starts_at, promotion.ends_at, now)
  const start = formatDate(promotion.starts_at)
  const end = formatDate(promotion.ends_at)
  return (
    <li className={styles.promo} data-testid="promotion" data-slug={promotion.slug}>
      <ContentAnchor link={promotion.link} className={styles.promoLink}>
        <img
          src={imageUrl(promotion.image_id, 800, 272)}
          width={800}
          height={272}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <span className={styles.promoBody}>
          <b className={styles.promoTitle}>{promotion.title}</b>
          <span>{promotion.description}</span>
          <span className={styles.promoDates}>
            {phase === 'upcoming'
              ? t`Начнётся ${start}`
              : phase === 'ended'
                ? t`Завершилась ${end}`
                : t`До ${end}`}
          </span>
        </span>
      </ContentAnchor>
    </li>
  )
}

/**
 * `/cms/promo`: the promotions running in the shopper's city, with the page's lead text from the cms.
 * When the list cannot be loaded the cms tiles of the page stand in for it.
 */
export function PromoPage() {
  const { t } = useLingui()
  const { cityId, lang } = useStoreLocation()
  const page = useQuery(cmsPageQuery(PROMO_SLUG, { cityId, lang }))
  const promotions = useQuery(promotionsQuery({ cityId, lang }))
  const title = page.data?.title || t`Акции`
  usePageHead({
    title: documentTitle(page.data?.meta_title || title),
    description: page.data?.meta_description,
  })
  const now = new Date()
  const lead = page.data?.blocks.filter((b) => b.type === 'heading') ?? []
  const tiles = page.data?.blocks.filter((b) => b.type === 'tile') ?? []

  let list
  if (promotions.isPending) {
    list = (
      <ul className={styles.promos} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton height={220} radius={12} />
          </li>
        ))}
      </ul>
    )
  } else if (promotions.isError) {
    list =
      tiles.length > 0 ? (
        <CmsBlocks blocks={tiles} />
      ) : (
        <div className={styles.message}>
          <p>{t`Не удалось загрузить акции.`}</p>
          <Button size="s" variant="secondary" onClick={() => void promotions.refetch()}>
            {t`Повторить`}
          </Button>
        </div>
      )
  } else if (promotions.data.length === 0) {
    list = <p className={styles.message}>{t`Сейчас в вашем городе нет акций. Загляните позже.`}</p>
  } else {
    list = (
      <ul className={styles.promos}>
        {promotions.data.map((promotion, i) => (
          // the first row is on the screen at once: no lazy loading for it
          <PromotionCard key={promotion.id} promotion={promotion} now={now} eager={i < 3} />
        ))}
      </ul>
    )
  }

  return (
    <PageFrame title={title} crumbs={[{ label: t`Покупателям`, path: '/cms' }]} testId="promo-page">
      {lead.length > 0 ? <CmsBlocks blocks={lead} /> : null}
      {list}
    </PageFrame>
  )
}
