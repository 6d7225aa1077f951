import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useStoreLocation } from '../../url/store-location'
import { useProfile } from '../../session/session'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { toast } from '../../ui/toast/toast-store'
import { errorText } from './errors'
import { cardsKey, cardsQuery, deleteCard, setDefaultCard, startAddingCard } from './queries'
import styles from './account.module.css'

export interface CardsPageProps {
  /** Set when the acquirer's page sent the shopper back with a saved card. */
  added?: string
  /** Set when it sent them back without one (declined, cancelled, 3-D Secure failed). */
  reason?: string
}

/** Spec 7.9: saved cards (masks only), the default card, and adding one on the acquirer's page. */
export function CardsPage({ added, reason }: CardsPageProps) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const location = useStoreLocation()
  const profile = useProfile()
  const { data, isPending } = useQuery(cardsQuery())
  const onCards = {
    onSuccess: (cards: Awaited<ReturnType<typeof deleteCard>>) => queryClient.setQueryData(cardsKey, cards),
    onError: (error: Error) => toast.show({ status: 'error', title: errorText(i18n, error) }),
  }
  const makeDefault = useMutation({ mutationFn: setDefaultCard, ...onCards })
  const remove = useMutation({ mutationFn: deleteCard, ...onCards })
  const add = useMutation({
    mutationFn: () => {
      const page = location.href('/my-account/cards')
      // Spec 7.9: the customer goes along, so the acquirer's page can greet them and send receipts.
      const customer = profile
        ? {
            firstName: profile.firstname,
            lastName: profile.lastname,
            account_id: profile.id,
            contact: { mobileNumber: profile.phone, email: profile.email ?? undefined },
          }
        : undefined
      return startAddingCard({ returnUrl: page, failUrl: page, language: location.lang, customer })
    },
    // The acquirer's page is a page of its own, outside the app.
    onSuccess: ({ redirectUri }) => window.location.assign(redirectUri),
    onError: (error) => toast.show({ status: 'error', title: errorText(i18n, error) }),
  })

  return (
    <section className={styles.card} data-testid="cards">
      {added ? (
        <p className={styles.notice} role="status" data-testid="card-added">
          {t`Карта сохранена`}
        </p>
      ) : null}
      {reason ? (
        <p className={styles.error} role="alert" data-testid="card-failed">
          {reason === 'cancelled'
            ? t`Добавление карты отменено`
            : t`Банк не подтвердил карту. Попробуйте другую карту.`}
        </p>
      ) : null}
      <div className={styles.cardHead}>
        <h2>{t`Банковские карты`}</h2>
        <Button size="s" onClick={() => add.mutate()} disabled={add.isPending} data-testid="card-add">
          {t`Добавить карту`}
        </Button>
      </div>
      <p
        className={styles.muted}
      >{t`Данные карты вводятся на защищённой странице банка; магазин хранит только маску номера.`}</p>
      {isPending ? (
        <Skeleton height={56} />
      ) : data?.cards.length ? (
        <ul className={styles.list}>
          {data.cards.map((card) => (
            <li key={card.id} className={styles.item} data-testid="card-item">
              <div className={styles.itemText}>
                <strong>
                  {card.brand} {card.mask.replace(/\*+/, ' •••• ')}
                </strong>
                <span className={styles.muted}>{t`Действует до ${card.expiry}`}</span>
                {card.isDefault ? <span className={styles.badge}>{t`Основная`}</span> : null}
              </div>
              <div className={styles.actions}>
                {card.isDefault ? null : (
                  <Button
                    variant="secondary"
                    size="s"
                    disabled={makeDefault.isPending}
                    onClick={() => makeDefault.mutate(card.id)}
                  >
                    {t`Сделать основной`}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="s"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(card.id)}
                >
                  {t`Удалить`}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t`Сохранённых карт пока нет.`}</p>
      )}
    </section>
  )
}
