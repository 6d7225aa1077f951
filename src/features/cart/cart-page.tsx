import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import type { CartProduct, PromotionChoice } from '../../../contract/cart'
import type { MarketingUnitType, TradeinCondition } from '../../../contract/values/cart'
import { sessionAtom } from '../../atoms/session'
import { useStoreLocation } from '../../url/store-location'
import type { Enqueued } from '../../data/outbox-item'
import { Button, buttonClassName } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { toast } from '../../ui/toast/toast-store'
import { PageFrame } from '../../page/page-frame'
import { BonusField } from './bonus-field'
import { CartLine } from './cart-line'
import { CommercialOffer } from './commercial-offer'
import { Coupons } from './coupons'
import { cartErrorText } from '../../cart/messages'
import { chooseTradein, removeTradein } from './tradein-queries'
import {
  addMarketingUnit,
  choosePromotion,
  removeInactive,
  removeMarketingUnit,
  removePromotion,
  setBonusAmount,
} from './cart-changes'
import { removeLine, settled, updateLine, type CartTarget } from '../../cart/mutations'
import { CartNotices } from './notices'
import { PromotionsBlock } from './promotions-block'
import { ShareCart } from './share-cart'
import { Totals } from './totals'
import { useCart } from '../../cart/use-cart'
import { FailedChanges, useLineConflicts } from './sync-state'
import styles from './cart.module.css'

function CartSkeleton() {
  return (
    <div className={styles.layout} data-testid="cart-skeleton" aria-busy="true">
      <div className={styles.lines}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={112} radius={10} />
        ))}
      </div>
      <Skeleton height={280} radius={10} />
    </div>
  )
}

function EmptyCart() {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  return (
    <div className={styles.empty} data-testid="cart-empty">
      <p>{t`В корзине пока ничего нет`}</p>
      <Link to="/{-$city}/catalog" params={{ city: prefix }} className={buttonClassName()}>
        {t`Перейти в каталог`}
      </Link>
    </div>
  )
}

/** Refusals are told once; a change still waiting for the network is shown on its line instead. */
function useReport() {
  const { i18n } = useLingui()
  return (enqueued: Enqueued) =>
    void settled(enqueued).then((outcome) => {
      if (outcome.status === 'failed') toast.error(cartErrorText(i18n, outcome.error))
    })
}

function CartContent() {
  const { t } = useLingui()
  const { cart, cityId, target, pending, hasPending } = useCart()
  const signedIn = useAtomValue(sessionAtom).signedIn
  const report = useReport()
  const { conflicts, acknowledge } = useLineConflicts(cart, pending)
  if (!target || cart.products.length === 0)
    return (
      <>
        <FailedChanges cart={cart} />
        <EmptyCart />
      </>
    )
  const act = (change: (target: CartTarget) => Enqueued) => report(change(target))
  const available = cart.products.filter((line) => line.isActive)
  const setAside = cart.products.filter((line) => !line.isActive)

  const lineProps = (line: CartProduct) => ({
    line,
    pending: pending.has(line.sku),
    conflict: conflicts.get(line.sku),
    onAcknowledge: () => acknowledge(line),
    onQuantity: (quantity: number) => act((to) => updateLine(to, line, { quantity })),
    onActive: (isActive: boolean) => act((to) => updateLine(to, line, { isActive })),
    onRemove: () => act((to) => removeLine(to, line.sku)),
    services: cart.services.filter(
      (service) => service.referenceProductId === line.id || service.referenceProductSku === line.sku,
    ),
    onRemoveService: (sku: string) => act((to) => removeLine(to, sku)),
    onTradein: (device: { kind: string; condition: TradeinCondition } | null) =>
      act((to) => (device ? chooseTradein(to, line.sku, device) : removeTradein(to, line.sku))),
    promotion: cart.promotions.find((p) => p.referenceProductSku === line.sku)?.type,
  })

  return (
    <>
      <CartNotices cart={cart} />
      <FailedChanges cart={cart} />
      <div className={styles.layout}>
        <div className={styles.main}>
          <section aria-label={t`Товары`}>
            <ul className={styles.lines} data-testid="cart-lines">
              {available.map((line) => (
                <CartLine key={line.sku} {...lineProps(line)} />
              ))}
            </ul>
          </section>
          {setAside.length > 0 ? (
            <section
              className={styles.inactive}
              aria-label={t`Не войдут в заказ`}
              data-testid="inactive-section"
            >
              <div className={styles.inactiveHead}>
                <h2 className={styles.cardTitle}>{t`Не войдут в заказ`}</h2>
                <Button
                  variant="ghost"
                  size="s"
                  onClick={() => act(removeInactive)}
                  data-testid="remove-inactive"
                >
                  {t`Удалить недоступные`}
                </Button>
              </div>
              <ul className={styles.lines}>
                {setAside.map((line) => (
                  <CartLine key={line.sku} {...lineProps(line)} />
                ))}
              </ul>
            </section>
          ) : null}
          <PromotionsBlock
            promotions={cart.promotions}
            onChoose={(choice: PromotionChoice) => act((to) => choosePromotion(to, choice))}
            onRemove={(promotion) => act((to) => removePromotion(to, promotion))}
          />
          <Coupons
            cart={cart}
            onAdd={(unitType: MarketingUnitType, code: string) =>
              settled(addMarketingUnit(target, unitType, code))
            }
            onRemove={(unitType, operationId) => act((to) => removeMarketingUnit(to, unitType, operationId))}
          />
          {signedIn ? (
            <BonusField
              key={cart.bonusSum}
              spent={cart.bonusSum}
              onChange={(amount) => act((to) => setBonusAmount(to, amount))}
            />
          ) : null}
        </div>
        <aside className={styles.side}>
          <Totals cart={cart} cityId={cityId} provisional={hasPending} />
          <ShareCart cart={cart} cityId={cityId} />
          <CommercialOffer cart={cart} cityId={cityId} signedIn={signedIn} />
        </aside>
      </div>
    </>
  )
}

/** The /cart page: its lines, benefits and totals, or the state it is in (loading, failed, empty). */
export function CartPage() {
  const { t } = useLingui()
  const { isLoading, isError, refetch, cart } = useCart()
  let body
  if (isLoading) body = <CartSkeleton />
  else if (isError && cart.products.length === 0)
    body = (
      <div className={styles.empty} data-testid="cart-error" role="alert">
        <p>{t`Не удалось получить данные корзины`}</p>
        <Button onClick={refetch}>{t`Повторить`}</Button>
      </div>
    )
  else body = <CartContent />
  return (
    <PageFrame title={t`Корзина`} backLinks={false} testId="cart-page">
      {body}
    </PageFrame>
  )
}
