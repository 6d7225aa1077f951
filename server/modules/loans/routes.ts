import { CPMS_V1, LoanCalculation, LoanCalculatorRequest } from '../../../contract/cart'
import { ErrorBody } from '../../../contract/common'
import type { ModuleRegistration } from '../../http/types'
import { calculateLoans } from './calculator'
import { goodsAmount } from './goods-amount'

/**
 * Purchase flow 7 (loan calculator): monthly payments of the partner banks' installments and loans for
 * a list of goods. The amount is what the goods cost at the city's prices, kits included
 * (`goodsAmount`): the prices a client sends are ignored, since only the server's prices can be financed.
 */
export const loansModule: ModuleRegistration = (app) => {
  const { pricing, pricingLines: lines } = app

  app.post(
    `${CPMS_V1}/products/cart`,
    {
      schema: {
        tags: ['loans'],
        summary: 'Installment and loan offers for the goods at the city prices; 404 for an unknown sku',
        body: LoanCalculatorRequest,
        response: { 200: LoanCalculation, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const [goods, tables] = await Promise.all([
        lines.forSkus(req.body.goods, req.body.city_id),
        pricing.tables(),
      ])
      const amount = goodsAmount(goods, tables.promotions, req.body.city_id, new Date())
      return calculateLoans(amount, tables.loanProducts)
    },
  )
}
