import { CPMS_V1, LoanCalculation, LoanCalculatorRequest } from '../../../contract/cart'
import { ErrorBody } from '../../../contract/common'
import type { ModuleRegistration } from '../../http/types'
import { calculateLoans } from './calculator'
import { goodsAmount } from './goods-amount'
import { cachedBankTerms } from './terms'

/** Tests write bank rows and calculate at once; a running store sees an edited bank product within 5 s. */
const TERMS_CACHE_MS = process.env.NODE_ENV === 'test' ? 0 : 5_000

/**
 * Purchase flow 7 (loan calculator): monthly payments of the partner banks' installments and loans for
 * a list of goods. The amount is what the goods cost at the city's prices, kits included
 * (`goodsAmount`): the prices a client sends are ignored, since only the server's prices can be financed.
 * The terms are the loan broker's banks' products, so what the calculator quotes a bank offers.
 */
export const loansModule: ModuleRegistration = (app, { database }) => {
  const { pricing, pricingLines: lines } = app
  const bankTerms = cachedBankTerms(database.db, TERMS_CACHE_MS)

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
      const [goods, tables, terms] = await Promise.all([
        lines.forSkus(req.body.goods, req.body.city_id),
        pricing.tables(),
        bankTerms(),
      ])
      const amount = goodsAmount(goods, tables.promotions, req.body.city_id, new Date())
      return calculateLoans(amount, terms)
    },
  )
}
