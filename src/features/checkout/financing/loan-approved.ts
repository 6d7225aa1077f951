import { useEffect } from 'react'
import type { OrderDetail } from '../../../../contract/checkout'
import { clearBrokerId, readBrokerId } from './kept-application'
import { isFinancing } from '../rules'
import { loanApproved } from './api'

/**
 * Back from the bank with the order paid by its loan: the broker hears that the shopper saw the approval
 * (`loan-approved`, once per application on the server), and the kept application is done with.
 */
export function useLoanApproved(order: OrderDetail | undefined): void {
  const paidByLoan =
    order !== undefined && isFinancing(order.payment.method) && order.payment.status === 'paid'
  const orderId = order?.order_id
  useEffect(() => {
    if (!paidByLoan || !orderId) return
    const kept = readBrokerId(orderId)
    if (!kept) return
    clearBrokerId()
    // An event: losing it changes nothing for the shopper, whose order is paid.
    loanApproved(kept.id, orderId).catch(() => undefined)
  }, [paidByLoan, orderId])
}
