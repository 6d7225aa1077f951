import { z } from 'zod'
import { Id, Phone, ReceiverInput } from './account-area'
import { Calculation, CalculationLine, CreatedOrder } from './checkout'
import { CityId, text } from './common'
import { PREORDER_PAYMENT_METHODS } from './values/preorders'

export * from './values/preorders'

/*
 * Pre-orders (purchase flow 7): a product not on the shelves yet (`availability: PreOrder`) is ordered
 * ahead with a prepayment by card or QR, picked up at a store of the city when it arrives; the rest is
 * paid there. A shopper may instead ask to be told when it arrives.
 */

const Money = z.number().int()
const Sku = text()
  .trim()
  .regex(/^[0-9]{1,20}$/, 'a sku is digits')

export const PreorderSkuParams = z.object({ sku: Sku })
export const PreorderCityQuery = z.object({ city_id: CityId.default(1) })

/** GET v2 /preorders/products/{sku}: the terms of a pre-order product in a city. */
export const PreorderProduct = z.object({
  id: z.number().int(),
  sku: z.string(),
  uri: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  city_id: z.number().int(),
  /** Price of one unit in the city. */
  price: Money,
  /** When the goods are expected at the stores. */
  expected_date: z.iso.date(),
  /** Percent of the price paid when ordering; the rest at pickup. */
  prepayment_percent: z.number().int(),
  /** The prepayment of one unit. */
  prepayment: Money,
  max_quantity: z.number().int(),
  /** The city sells it (it has a price there). */
  is_available: z.boolean(),
})
export type PreorderProduct = z.infer<typeof PreorderProduct>

/** POST v1 /preorders/{sku}/callbacks: tell me when it arrives. A signed-in shopper may leave the phone out. */
export const PreorderCallbackRequest = z.object({
  city_id: CityId.default(1),
  phone: Phone.optional(),
})
export const PreorderCallback = z.object({
  sku: z.string(),
  /** Where the message will go, masked. */
  phone: z.string(),
  /** False when this phone had already asked for this product. */
  created: z.boolean(),
})
export type PreorderCallback = z.infer<typeof PreorderCallback>

/** POST v2 /preorders/orders (the calculation) and /preorders/checkout (placing it). */
export const PreorderRequest = z.object({
  city_id: CityId,
  sku: Sku,
  quantity: z.number().int().min(1).max(10).default(1),
  receiver: ReceiverInput,
  /** The store of the city where the goods will be picked up. */
  service_point_id: z.number().int().positive(),
  payment_method: z.enum(PREORDER_PAYMENT_METHODS),
})
export type PreorderRequest = z.input<typeof PreorderRequest>

export const PreorderCalculation = z.object({
  sku: z.string(),
  city_id: z.number().int(),
  products: z.array(CalculationLine),
  calculation: Calculation,
  expected_date: z.iso.date(),
  /** Paid at pickup: the grand total less the prepayment. */
  rest_to_pay: Money,
  service_point: z.object({ id: z.number().int(), title: z.string(), address: z.string() }),
})
export type PreorderCalculation = z.infer<typeof PreorderCalculation>

export const CreatePreorderRequest = PreorderRequest.extend({
  /** The prepayment the shopper was shown: any other is refused (409 priceChanged). */
  expected_sum_to_pay: Money.min(0),
  saved_card_id: Id.nullish(),
})
export type CreatePreorderRequest = z.input<typeof CreatePreorderRequest>
export const CreatedPreorder = CreatedOrder
