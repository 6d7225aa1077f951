import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useStoreLocation } from '../../url/store-location'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { ProductCard } from '../../listing/product-card'
import { PageFrame } from '../../page/page-frame'
import { documentTitle } from '../../head/document-title'
import { usePageHead } from '../../head/page-head'
import { giftCardsQuery } from './queries'
import styles from './content.module.css'

/**
 * `/gift-cards`: the store's gift certificates on sale in the city, and how they work. The purchase
 * itself goes through the cart like any product.
 */
export function GiftCardsPage() {
  const { t } = useLingui()
  const { cityId, lang } = useStoreLocation()
  const cards = useQuery(giftCardsQuery({ cityId, lang }))
  const title = t`Подарочные карты`
  const description = t`Подарочный сертификат магазина — подарок, с которым не ошибёшься: получатель сам выберет технику.`
  usePageHead({ title: documentTitle(title), description: description })

  let list
  if (cards.isPending) {
    list = (
      <ul className={styles.cards} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <Skeleton height={340} radius={10} />
          </li>
        ))}
      </ul>
    )
  } else if (cards.isError) {
    list = (
      <div className={styles.message}>
        <p>{t`Не удалось загрузить сертификаты.`}</p>
        <Button size="s" variant="secondary" onClick={() => void cards.refetch()}>
          {t`Повторить`}
        </Button>
      </div>
    )
  } else if (cards.data.payload.length === 0) {
    list = <p className={styles.message}>{t`Сертификаты скоро снова появятся в продаже.`}</p>
  } else {
    list = (
      <ul className={styles.cards}>
        {cards.data.payload.map((card, i) => (
          <li key={card.sku} data-testid="gift-card">
            <ProductCard product={card} priority={i === 0 ? 'high' : i < 4 ? 'eager' : 'lazy'} />
          </li>
        ))}
      </ul>
    )
  }

  return (
    <PageFrame
      title={title}
      description={description}
      crumbs={[{ label: t`Покупателям`, path: '/cms' }]}
      testId="gift-cards-page"
    >
      {list}
      <section className={styles.text}>
        <h2 className={styles.textTitle}>{t`Как это работает`}</h2>
        <ol className={styles.steps}>
          <li>{t`Выберите номинал и оформите сертификат как обычный заказ.`}</li>
          <li>{t`Подарите его — получатель сам выберет, что купить.`}</li>
          <li>{t`Сертификатом можно оплатить любые товары на сайте и в магазинах.`}</li>
        </ol>
        <p className={styles.paragraph}>{t`Срок действия — 12 месяцев с момента покупки.`}</p>
      </section>
    </PageFrame>
  )
}
