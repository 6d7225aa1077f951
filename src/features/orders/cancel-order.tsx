import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { isApiError } from '../../data/api-error'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import { toast } from '../../ui/toast/toast-store'
import type { OrderActionProps } from './action-props'
import { cancelOrder } from './api'
import styles from './orders.module.css'

/** Cancel, after the shopper confirms it: shown while the server says the order may be cancelled. */
export function CancelOrder({ orderId, timeline }: OrderActionProps) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const cancel = useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSuccess: (answer) => {
      setAsking(false)
      toast.success(
        answer.refunded > 0
          ? t`Заказ отменён. Деньги отправлены обратно на карту.`
          : t`Заказ отменён. Товары вернулись в продажу.`,
      )
    },
    onError: (error) => {
      setAsking(false)
      toast.error(
        isApiError(error, [409])
          ? t`Заказ уже нельзя отменить: его статус изменился.`
          : t`Не удалось отменить заказ. Попробуйте ещё раз.`,
      )
    },
    // the order, its timeline and the history all changed
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  })
  if (!timeline.can_cancel) return null
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)} data-testid="cancel-order">
        {t`Отменить заказ`}
      </Button>
      <Modal open={asking} onClose={() => setAsking(false)} title={t`Отменить заказ №${timeline.number}?`}>
        <p className={styles.confirmText}>
          {t`Товары вернутся в продажу, бонусы, сертификаты и промокод — на ваш счёт, а оплаченная сумма — на карту.`}
        </p>
        <div className={styles.confirmButtons}>
          <Button
            onClick={() => cancel.mutate()}
            disabled={cancel.isPending}
            aria-busy={cancel.isPending}
            data-testid="confirm-cancel"
          >
            {t`Да, отменить`}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(false)}>
            {t`Нет, оставить`}
          </Button>
        </div>
      </Modal>
    </>
  )
}
