import type { Lang } from '../../../contract/common'
import {
  MAX_WISHLIST_ITEMS,
  WISHLIST_ERROR_KEYS,
  type WishlistChange,
  type WishlistSort,
} from '../../../contract/wishlist'
import type { Db } from '../../db/connection'
import { notFound, unprocessable } from '../../http/errors'
import { idempotent, type Answer, type IdempotencyRequest } from '../../http/idempotency'
import { cityIndex, Renderer, type CatalogIndex, type CityIndex } from '../catalog'
import type { StoredItem, StoredList, WishlistHolder, WishlistRepo } from './repo'
import { shelfState } from './watch'

/** Whose list: a signed-in shopper's named one, or a guest's reached by its id. */
export type ListOwner = { kind: 'named'; userId: string } | { kind: 'guest'; id: string }

export interface WishlistServiceDeps {
  db: Db
  repo: WishlistRepo
  /** The catalogue's current index: products, city prices and stock, read in memory. */
  catalog: () => Promise<CatalogIndex>
  now?: () => number
}

interface Placed {
  item: StoredItem
  pos: number
}

const byAdded = (a: Placed, b: Placed) =>
  a.item.addedAt.getTime() - b.item.addedAt.getTime() || a.item.productId - b.item.productId

/** The order of a list's products for one of the spec's sorts; prices are the city's shelf prices. */
function comparator(sort: WishlistSort, index: CatalogIndex, city: CityIndex) {
  const prices = index.prices[city]!
  // a product the city does not sell has no price there: last in either price order
  const price = (p: Placed) => (prices.has[p.pos] ? prices.price[p.pos]! : null)
  const byPrice = (direction: 1 | -1) => (a: Placed, b: Placed) => {
    const pa = price(a)
    const pb = price(b)
    if (pa === null || pb === null) return pa === pb ? byAdded(b, a) : pa === null ? 1 : -1
    return direction * (pa - pb) || byAdded(b, a)
  }
  switch (sort) {
    case 'added_asc':
      return byAdded
    case 'newest':
      return (a: Placed, b: Placed) => index.created[b.pos]! - index.created[a.pos]! || byAdded(b, a)
    case 'price_asc':
      return byPrice(1)
    case 'price_desc':
      return byPrice(-1)
    case 'added_desc':
      return (a: Placed, b: Placed) => byAdded(b, a)
  }
}

/**
 * The wishlist's logic. Lists are rows (which products, when, in which city); what a shopper sees of
 * them (cards, prices, stock in the asked city) comes from the catalogue's in-memory index and its
 * rendered cards, so reading a list of twenty products costs one statement and no product query.
 */
export function createWishlistService({ db, repo, catalog, now = Date.now }: WishlistServiceDeps) {
  const renderers = new WeakMap<CatalogIndex, Renderer>()

  async function current(): Promise<{ index: CatalogIndex; renderer: Renderer }> {
    const index = await catalog()
    let renderer = renderers.get(index)
    if (!renderer) {
      renderer = new Renderer(index, now)
      renderers.set(index, renderer)
    }
    return { index, renderer }
  }

  /** The product a sku names; 404 when the catalogue has none. */
  async function productOf(sku: string): Promise<number> {
    const { index } = await current()
    const record = index.product(sku)
    if (!record || record.sku !== sku) throw notFound(WISHLIST_ERROR_KEYS.productNotFound, { sku })
    return record.id
  }

  /**
   * A list as UTF-8 JSON parts (the contract's `Wishlist`): each product's card is the catalogue's
   * rendered bytes, joined without a second serialisation.
   */
  async function render(
    list: StoredList | null,
    wishlistId: string | null,
    cityId: number,
    sort: WishlistSort,
    lang: Lang,
  ): Promise<Buffer[]> {
    const { index, renderer } = await current()
    const city = cityIndex(cityId)
    const placed: Placed[] = []
    for (const item of list?.items ?? []) {
      // a product the index does not hold (yet) is left out rather than shown half
      const record = index.productById(item.productId)
      if (record) placed.push({ item, pos: record.pos })
    }
    placed.sort(comparator(sort, index, city))
    const stock = index.stock.quantity[city]!
    const prices = index.prices[city]!
    // One buffer between two cards (the end of one item and the start of the next): a list of twenty
    // made sixty small buffers a read, and their garbage was a tenth of the wishlist bench's time.
    const parts: Buffer[] = []
    let between = `{"wishlistId":${JSON.stringify(wishlistId)},"favoritesCount":${placed.length},"sorting":"${sort}","items":[`
    placed.forEach(({ item, pos }, i) => {
      const record = index.records[pos]!
      const isAvailable = prices.has[pos] === 1 && stock[pos]! > 0
      if (i > 0) between += '},'
      between += `{"sku":${JSON.stringify(record.sku)},"uri":${JSON.stringify(record.uri)},"isAvailable":${isAvailable},"addedAt":"${item.addedAt.toISOString()}","product":`
      parts.push(Buffer.from(between), renderer.cardJson(pos, city, lang, 'full'))
      between = ''
    })
    parts.push(Buffer.from(`${between}${placed.length > 0 ? '}]}' : ']}'}`))
    return parts
  }

  /** The list's id for an add, made on a shopper's first add; a guest's list must exist (404 otherwise). */
  async function lockedListForAdd(tx: Db, owner: ListOwner): Promise<string> {
    if (owner.kind === 'guest') {
      if (!(await repo.lockGuest(tx, owner.id))) throw notFound(WISHLIST_ERROR_KEYS.listNotFound)
      return owner.id
    }
    const id = await repo.namedListId(tx, owner.userId)
    await repo.lock(tx, id)
    return id
  }

  async function lockedListForRemove(tx: Db, owner: ListOwner, sku: string): Promise<string> {
    if (owner.kind === 'guest') {
      if (!(await repo.lockGuest(tx, owner.id))) throw notFound(WISHLIST_ERROR_KEYS.listNotFound)
      return owner.id
    }
    const list = await repo.namedList(tx, owner.userId)
    // a shopper without a list holds nothing to remove
    if (!list) throw notFound(WISHLIST_ERROR_KEYS.productNotFound, { sku })
    await repo.lock(tx, list.id)
    return list.id
  }

  /** What a change the device made already answers: the product and the list's count as they are. */
  async function unchanged(tx: Db, owner: ListOwner, sku: string): Promise<Answer<WishlistChange>> {
    const id = owner.kind === 'guest' ? owner.id : ((await repo.namedList(tx, owner.userId))?.id ?? null)
    if (owner.kind === 'guest' && !(await repo.lockGuest(tx, owner.id)))
      throw notFound(WISHLIST_ERROR_KEYS.listNotFound)
    return { status: 200, body: { sku, favoritesCount: id === null ? 0 : await repo.count(tx, id) } }
  }

  return {
    /** Spec 7.4: `POST /products/create`, a new guest list. */
    create: (): Promise<string> => repo.createGuest(db),

    async read(owner: ListOwner, cityId: number, sort: WishlistSort, lang: Lang): Promise<Buffer[]> {
      if (owner.kind === 'guest') {
        const list = await repo.guestList(db, owner.id)
        if (!list) throw notFound(WISHLIST_ERROR_KEYS.listNotFound)
        return render(list, list.id, cityId, sort, lang)
      }
      return render(await repo.namedList(db, owner.userId), null, cityId, sort, lang)
    },

    /** Adds a product; 422 when it is in the list already (spec browsing 5) or the list is full. */
    async add(
      owner: ListOwner,
      sku: string,
      cityId: number,
      request: IdempotencyRequest,
    ): Promise<Answer<WishlistChange> & { replayed: boolean }> {
      const productId = await productOf(sku)
      return idempotent(
        db,
        request,
        async (tx) => {
          const id = await lockedListForAdd(tx, owner)
          if (await repo.has(tx, id, productId))
            throw unprocessable(WISHLIST_ERROR_KEYS.alreadyInList, { sku })
          const count = await repo.count(tx, id)
          if (count >= MAX_WISHLIST_ITEMS)
            throw unprocessable(WISHLIST_ERROR_KEYS.tooManyItems, { max: MAX_WISHLIST_ITEMS })
          await repo.add(tx, id, productId, cityId, shelfState((await current()).index, productId, cityId))
          return { status: 200, body: { sku, favoritesCount: count + 1 } }
        },
        { current: (tx) => unchanged(tx, owner, sku) },
      )
    },

    /** Removes a product; 404 when the list does not hold it. */
    async remove(
      owner: ListOwner,
      sku: string,
      request: IdempotencyRequest,
    ): Promise<Answer<WishlistChange> & { replayed: boolean }> {
      const productId = await productOf(sku)
      return idempotent(
        db,
        request,
        async (tx) => {
          const id = await lockedListForRemove(tx, owner, sku)
          if (!(await repo.remove(tx, id, productId)))
            throw notFound(WISHLIST_ERROR_KEYS.productNotFound, { sku })
          return { status: 200, body: { sku, favoritesCount: await repo.count(tx, id) } }
        },
        { current: (tx) => unchanged(tx, owner, sku) },
      )
    },

    /**
     * Spec browsing 4: at sign-in the guest list joins the shopper's named list and is gone (its id
     * answers 404 from then on, so the device starts a new one). Answers the merged list.
     */
    async merge(userId: string, guestId: string, cityId: number, lang: Lang): Promise<Buffer[]> {
      await db.transaction(async (tx) => {
        if (!(await repo.lockGuest(tx, guestId))) throw notFound(WISHLIST_ERROR_KEYS.listNotFound)
        const namedId = await repo.namedListId(tx, userId)
        await repo.lock(tx, namedId)
        await repo.merge(tx, guestId, namedId, MAX_WISHLIST_ITEMS)
      })
      return render(await repo.namedList(db, userId), null, cityId, 'added_desc', lang)
    },

    /** The signed-in shoppers holding any of these products, with the city each added it in. */
    holders: (productIds: readonly number[]): Promise<WishlistHolder[]> => repo.holders(db, productIds),
  }
}

export type WishlistService = ReturnType<typeof createWishlistService>
