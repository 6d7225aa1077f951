import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { arrayLiteral, preparedRows, textArrayLiteral } from '../../db/rows'
import { productPrices, products, type ProductType } from '../../db/schema/catalog'
import { deliveryRules, deliveryZones, type DeliveryKind, type LatLng } from '../../db/schema/delivery'
import { servicePoints, type ServicePointType, type WeeklyWorkHours } from '../../db/schema/geo'
import { stocks, type StockCondition } from '../../db/schema/inventory'
import { createProductCache, type ProductCacheOptions } from '../catalog'

export interface ProductInfo {
  id: number
  sku: string
  type: ProductType
  isPreorder: boolean
  weightGrams: number | null
  /** Shelf price in the requested city; null when the product has none there. */
  price: number | null
}

export interface StockInfo {
  productId: number
  cityId: number
  servicePointId: number
  condition: StockCondition
  quantity: number
  pickupTime: number
}

export interface PointInfo {
  id: number
  cityId: number
  type: ServicePointType
  titleRu: string
  titleKk: string
  addressRu: string
  addressKk: string
  latitude: number
  longitude: number
  workHours: string
  weeklyWorkHours: WeeklyWorkHours
  isActive: boolean
  /** A shop that takes old devices for trade-in. */
  acceptsTradein: boolean
}

export interface DeliveryRule {
  cityId: number
  kind: DeliveryKind
  isActive: boolean
  cost: number
  freeFrom: number | null
  minDays: number
  maxDays: number
  minHours: number | null
  maxHours: number | null
  cutoffHour: number | null
  slots: string[]
  forOrganizations: boolean
  transferDays: number | null
  assemblyDays: number
  heavyFromGrams: number | null
  heavySurcharge: number
  maxWeightGrams: number | null
}

export interface ZoneInfo {
  id: number
  cityId: number
  code: string
  nameRu: string
  nameKk: string
  kind: 'express' | 'courier'
  polygon: LatLng[]
  extraCost: number
  color: string
}

const productColumns = {
  id: products.id,
  sku: products.sku,
  type: products.type,
  isPreorder: products.isPreorder,
  weightGrams: products.weightGrams,
  price: productPrices.price,
}

/** A product with every unit it has at every point, as `delivery_products_with_stock` answers it. */
interface ProductWithStock extends Record<string, unknown> {
  id: number
  sku: string
  type: ProductType
  is_preorder: boolean
  weight_grams: number | null
  price: number | null
  stocks: [number, number, StockCondition, number, number][]
}

const readProductsWithStock = (db: Db, cityId: number, ids: number[], skus: string[]) =>
  preparedRows<ProductWithStock>(
    db,
    'delivery_products_with_stock',
    // the statement is the function's (migration 0047: its plan is kept, not made on every call)
    sql`select * from delivery_products_with_stock(${cityId}::int, ${arrayLiteral(ids)}::int[], ${textArrayLiteral(skus)}::text[])`,
  )

/**
 * Products with their stock kept and followed through the catalogue's change logs (`cache`; off in tests,
 * which change stock and ask at once). The order's reservation checks the stock itself.
 */
export type InventoryRepoOptions = Omit<ProductCacheOptions<ProductWithStock>, 'load' | 'reader'>

export function createInventoryRepo(db: Db, options: InventoryRepoOptions = { cache: false }) {
  const withStock = createProductCache<ProductWithStock>({
    ...options,
    reader: db,
    load: readProductsWithStock,
  })

  return {
    /** Once the products whose stock the last look saw change have been read again. */
    settled: withStock.settled,

    /**
     * The products of these skus with every unit they have at every point: delivery is asked for a cart
     * on every step of the checkout and again by the order itself, and reading them was a round trip of
     * each (issue 20's checkout bench: 1.16 statements an order, 0.17 ms of PostgreSQL's time each).
     */
    async productsWithStock(
      skus: string[],
      cityId: number,
    ): Promise<{ products: ProductInfo[]; stocks: StockInfo[] }> {
      const found = await withStock.get(db, cityId, [], skus)
      return {
        products: found.map((p) => ({
          id: p.id,
          sku: p.sku,
          type: p.type,
          isPreorder: p.is_preorder,
          weightGrams: p.weight_grams,
          price: p.price,
        })),
        stocks: found.flatMap((p) =>
          p.stocks.map(([city, point, condition, quantity, pickupTime]) => ({
            productId: p.id,
            cityId: city,
            servicePointId: point,
            condition,
            quantity,
            pickupTime,
          })),
        ),
      }
    },

    /** By sku, or by uri for callers that hold the product page's link. */
    async productBySkuOrUri(id: string, cityId: number): Promise<ProductInfo | null> {
      const found = await db
        .select(productColumns)
        .from(products)
        .leftJoin(
          productPrices,
          and(eq(productPrices.productId, products.id), eq(productPrices.cityId, cityId)),
        )
        .where(or(eq(products.sku, id), eq(products.uri, id)))
        .limit(1)
      return found[0] ?? null
    },

    /** Every unit of the products at every point, in all cities (transfers need the other cities too). */
    async stocksOf(productIds: number[]): Promise<StockInfo[]> {
      if (productIds.length === 0) return []
      return db
        .select({
          productId: stocks.productId,
          cityId: stocks.cityId,
          servicePointId: stocks.servicePointId,
          condition: stocks.condition,
          quantity: stocks.quantity,
          pickupTime: stocks.pickupTime,
        })
        .from(stocks)
        .where(and(inArray(stocks.productId, productIds), gt(stocks.quantity, 0)))
    },

    points(): Promise<PointInfo[]> {
      return db
        .select({
          id: servicePoints.id,
          cityId: servicePoints.cityId,
          type: servicePoints.type,
          titleRu: servicePoints.titleRu,
          titleKk: servicePoints.titleKk,
          addressRu: servicePoints.addressRu,
          addressKk: servicePoints.addressKk,
          latitude: servicePoints.latitude,
          longitude: servicePoints.longitude,
          workHours: servicePoints.workHours,
          weeklyWorkHours: servicePoints.weeklyWorkHours,
          isActive: servicePoints.isActive,
          acceptsTradein: servicePoints.acceptsTradein,
        })
        .from(servicePoints)
        .orderBy(asc(servicePoints.id))
    },

    rules(): Promise<DeliveryRule[]> {
      return db.select().from(deliveryRules)
    },

    zones(): Promise<ZoneInfo[]> {
      return db
        .select({
          id: deliveryZones.id,
          cityId: deliveryZones.cityId,
          code: deliveryZones.code,
          nameRu: deliveryZones.nameRu,
          nameKk: deliveryZones.nameKk,
          kind: deliveryZones.kind,
          polygon: deliveryZones.polygon,
          extraCost: deliveryZones.extraCost,
          color: deliveryZones.color,
        })
        .from(deliveryZones)
        .orderBy(asc(deliveryZones.cityId), asc(deliveryZones.sort), asc(deliveryZones.id))
    },
  }
}

export type InventoryRepo = ReturnType<typeof createInventoryRepo>
