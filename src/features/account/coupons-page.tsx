import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PromoCode } from '../../../contract/account-area'
import { formatDate, formatMoney } from '../../i18n/format'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { toast } from '../../ui/toast/toast-store'
import { errorText } from './errors'
import { promoCodesKey, promoCodesQuery, receivePromoCode } from './queries'
import styles from './account.module.css'

function PromoCodeCard({ promo }: { promo: PromoCode }) {
  const { t } = useLingui()
  const discount = promo.discountType === 'percent' ? `${promo.discount}%` : formatMoney(promo.discount)
  return (
    <li className={styles.item} data-testid="promo-code">
      <div className={styles.itemText}>
        <span className={styles.promo}>{promo.code}</span>
        <span>{t`Скидка ${discount} на заказ от ${formatMoney(promo.minOrderSum)}`}</span>
        <span className={styles.muted}>{t`Действует до ${formatDate(promo.validTo)}`}</span>
      </div>
    </li>
  )
}

/** Spec 2.6, 7.9: the shopper's personal promo codes, and receiving one when there is none. */
export function CouponsPage() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { data, isPending } = useQuery(promoCodesQuery())
  const receive = useMutation({
    mutationFn: () => receivePromoCode(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesKey }),
    onError: (error) => toast.show({ status: 'error', title: errorText(i18n, error) }),
  })
  return (
    <section className={styles.card} data-testid="coupons">
      <h2>{t`Персональные промокоды`}</h2>
      {isPending ? (
        <Skeleton height={56} />
      ) : data?.length ? (
        <ul className={styles.list}>
          {data.map((promo) => (
            <PromoCodeCard key={promo.id} promo={promo} />
          ))}
        </ul>
      ) : (
        <>
          <p className={styles.muted}>{t`Сейчас у вас нет действующих промокодов.`}</p>
          <div className={styles.actions}>
            <Button onClick={() => receive.mutate()} disabled={receive.isPending} data-testid="promo-receive">
              {t`Получить персональный промокод`}
            </Button>
          </div>
        </>
      )}
    </section>
  )
}
