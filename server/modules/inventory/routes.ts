import type { z } from 'zod'
import { ErrorBody, type Lang } from '../../../contract/common'
import {
  DeliveryRequest,
  DeliveryResult,
  DeliveryZonesParams,
  DeliveryZonesResponse,
  INVENTORY_BASE,
  PickupDatesRequest,
  PickupDatesResponse,
  RescheduleRequest,
  RescheduleResponse,
  StocksParams,
  StocksQuery,
  StocksResponse,
} from '../../../contract/inventory'
import type { ModuleRegistration } from '../../http/types'
import { createInventoryRepo } from './repo'
import { createInventoryService, type InventoryService } from './service'

const errors = { 400: ErrorBody, 404: ErrorBody }

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivery options of goods in a city, as `POST v3 /delivery` answers them: checkout prices its choice. */
    delivery: InventoryService['delivery']
    /** Courier dates and slots after a previous date; an order passes the units it holds. */
    courierReschedule: InventoryService['reschedule']
  }
}

export const inventoryModule: ModuleRegistration = (app, { database }) => {
  const inventory = createInventoryService({
    repo: createInventoryRepo(database.db, { cache: process.env.NODE_ENV !== 'test' }),
  })
  app.decorate('delivery', inventory.delivery)
  app.decorate('courierReschedule', inventory.reschedule)

  const deliverySchema = (summary: string) => ({
    tags: ['inventory'],
    summary,
    body: DeliveryRequest,
    response: { 200: DeliveryResult, ...errors },
  })

  const delivery = (body: z.output<typeof DeliveryRequest>, lang: Lang) =>
    inventory.delivery(
      {
        cityId: body.city_id,
        products: body.products,
        grandTotalSum: body.grand_total_sum,
        isOrganization: body.is_organization,
        assemblyPc: body.assembly_pc,
        isTradein: body.is_tradein,
        exactCost: body.exact_delivery_cost_requested,
      },
      lang,
    )

  app.post(
    `${INVENTORY_BASE}/v3/delivery`,
    { schema: deliverySchema('Delivery options of products in a city: express, courier, pickup, stores') },
    async (req) => delivery(req.body, req.lang),
  )
  app.post(
    `${INVENTORY_BASE}/v2/delivery`,
    { schema: deliverySchema('The same calculation for clients of the older path') },
    async (req) => delivery(req.body, req.lang),
  )

  app.post(
    `${INVENTORY_BASE}/v2/delivery/reschedule`,
    {
      schema: {
        tags: ['inventory'],
        summary: 'Courier dates and slots after a previous delivery date',
        body: RescheduleRequest,
        response: { 200: RescheduleResponse, ...errors },
      },
    },
    async (req) =>
      inventory.reschedule(req.body.city_id, req.body.products, req.body.previous_delivery_date, req.lang),
  )

  app.get(
    `${INVENTORY_BASE}/v1/stocks/:id`,
    {
      schema: {
        tags: ['inventory'],
        summary: 'Stock of a product (by sku) at the shops and pickup points of a city',
        params: StocksParams,
        querystring: StocksQuery,
        response: { 200: StocksResponse, ...errors },
      },
    },
    async (req) => inventory.stocks(req.params.id, req.query.city_id, req.lang),
  )

  app.post(
    `${INVENTORY_BASE}/v1/deliveryPickupDates`,
    {
      schema: {
        tags: ['inventory'],
        summary: 'Pickup and delivery dates per product, for product cards',
        body: PickupDatesRequest,
        response: { 200: PickupDatesResponse, ...errors },
      },
    },
    async (req) =>
      inventory.pickupDates(
        req.body.city_id,
        req.body.products.map((p) =>
          typeof p === 'string' ? { sku: p, quantity: 1 } : { sku: p.sku, quantity: p.quantity },
        ),
        req.lang,
      ),
  )

  app.get(
    `${INVENTORY_BASE}/v1/deliveryZones/:id`,
    {
      schema: {
        tags: ['inventory'],
        summary: 'Delivery zones of a city (by city id) as polygons',
        params: DeliveryZonesParams,
        response: { 200: DeliveryZonesResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=300').header('vary', 'accept-language')
      return inventory.zones(req.params.id, req.lang)
    },
  )
}
