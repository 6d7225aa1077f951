import { randomInt, randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type {
  AddMarketingUnitRequest,
  Cart,
  CartProductsRequest,
  CartSettingsRequest,
  PromotionsRequest,
  RemoveMarketingUnitRequest,
  RemovePromotionQuery,
  RemoveTradeinQuery,
  SharedCart,
  SharedCartRequest,
  TradeinRequest,
} from '../../../contract/cart'
import type { Lang } from '../../../contract/common'
import {
  CART_ERROR_KEYS,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  SHARED_CART_IMAGE,
} from '../../../contract/values/cart'
import type { Db } from '../../db/connection'
import type { StoredPromotionChoice } from '../../db/schema'
import { conflict, forbidden, notFound, unauthorized, unprocessable } from '../../http/errors'
import {
  idempotent,
  requestHash,
  sometimesPurgeIdempotencyKeys,
  type Answer,
  type IdempotencyRequest,
} from '../../http/idempotency'
import type { DeviceMutation } from '../../http/device-mutations'
import { createBatcher } from '../../lib/batcher'
import { createKeyedQueue } from '../../lib/keyed-queue'
import { Lru } from '../../lib/lru'
import { cartJson } from './cart-json'
import {
  availableQuantity,
  cartAnswer,
  type CartAnswerInput,
  isAvailable,
  isActiveLine,
  isService,
  localStickers,
  toPricingLine,
  type ChainOf,
  type Line,
} from './cart-view'
import type { CategoryTree } from '../catalog'
import { CartDraft, noticeOf } from './draft'
import type { CartPricing, PricingInput } from '../pricing'
import type {
  CartRepo,
  CartRow,
  CartSave,
  LineRow,
  ProductInCart,
  ProductRow,
  RememberedAnswer,
} from './repo'

/** Who asks: a guest reaches anonymous carts by id; a user also has the one named cart. */
export interface Actor {
  userId: string | null
  lang: Lang
}

/** A cart by its id, or the signed-in shopper's named cart (`/carts/...` without an id). */
export type CartRef = { id: string } | 'named'

/** Saves that lose to another process's change of the same cart before one is refused as busy. */
const SAVE_ATTEMPTS = 20
/** Save statements of cart changes a process runs at once; the changes arriving meanwhile wait to go together. */
const SAVE_BATCHES = 2
/** Cart changes in one save statement at most. */
const SAVE_BATCH_ITEMS = 64
/** Carts whose last saved state a process keeps: a few MB, the carts of the shoppers active now. */
const KNOWN_CARTS = 10_000

type Op = (draft: CartDraft, input: () => PricingInput, pricing: CartPricing) => void | Promise<void>

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const sharedCartId = () => Array.from({ length: 12 }, () => BASE62[randomInt(62)]).join('')

export const sharedCartImage = (imageId: string) =>
  `/f3/api/v1/images/${SHARED_CART_IMAGE}/${SHARED_CART_IMAGE}/${imageId}.webp`

/** An open cart the actor may use: a named cart is its owner's alone (403), a closed or unknown one 404. */
export function assertAccess(cart: CartRow | undefined, actor: Actor): asserts cart is CartRow {
  if (!cart || cart.closed_at !== null) throw notFound(CART_ERROR_KEYS.notFound)
  if (cart.user_id !== null && cart.user_id !== actor.userId) throw forbidden(CART_ERROR_KEYS.forbidden)
}

function userOf(actor: Actor): string {
  if (!actor.userId) throw unauthorized()
  return actor.userId
}

export interface CartServiceDeps {
  db: Db
  repo: CartRepo
  /** Pricing over the connection at hand: inside a change it reads in the change's transaction. */
  pricingFor: (db: Db) => CartPricing
  /**
   * The catalogue's category tree (the conditions on a category match its products' chains). Asked for
   * inside a change's transaction: the cart module reads it once before the first request, so it is in
   * memory and no other connection is waited for.
   */
  categories: () => Promise<CategoryTree>
  now?: () => Date
  /** Where a change's answer is rendered: a buffer of the given size, lent for one response. */
  take?: (bytes: number) => Buffer
}

/**
 * Purchase flow 3-5: the cart's lines, their stock and limits. A change of lines (`mutation`) is saved
 * only if the cart is still at the version it was made on, with its idempotency record in the same
 * statement, and is made again on a fresh read otherwise; the changes that must read and write in one
 * transaction (a merge, a removal, a read that must write) take the cart's row lock first. Either way concurrent
 * changes are never lost, and a retried request changes nothing twice.
 */
export function createCartService({
  db,
  repo,
  pricingFor,
  categories,
  now = () => new Date(),
  take,
}: CartServiceDeps) {
  const turns = createKeyedQueue()
  // a busy process saves the changes of many carts in one statement: one round trip, plan and commit
  const saves = createBatcher<CartSave, boolean>({
    run: (items) => repo.saveMany(db, items),
    maxInFlight: SAVE_BATCHES,
    maxItems: SAVE_BATCH_ITEMS,
  })
  /** The carts this process saved last, as saved: the next change of one needs no read. */
  const known = new Lru<string, { cart: CartRow; lines: LineRow[] }>({ maxEntries: KNOWN_CARTS })
  async function chainOfNow(): Promise<ChainOf> {
    const tree = await categories()
    return (id) => tree.chain(id)
  }

  function pricingInput(draft: CartDraft, chainOf: ChainOf): PricingInput {
    return {
      cartId: draft.cart.id,
      cityId: draft.cityId,
      userId: draft.cart.user_id,
      now: now(),
      lang: 'ru',
      lines: [...draft.lines.values()].map((l) => toPricingLine(l, chainOf(l.product.category_id).ids)),
      promotionChoices: draft.promotionChoices,
      marketingUnits: draft.marketingUnits,
      bonusAmount: draft.bonusAmount,
      tradeins: draft.tradeins,
    }
  }

  /** The cart locked for the rest of the transaction, with its lines. */
  async function lockedCart(
    tx: Db,
    ref: CartRef,
    actor: Actor,
    cityId: number,
  ): Promise<{ cart: CartRow; lines: LineRow[] }> {
    const id = ref === 'named' ? (await repo.openNamed(tx, userOf(actor), cityId)).id : ref.id
    const locked = await repo.lockWithLines(tx, id)
    assertAccess(locked?.cart, actor)
    return locked!
  }

  /**
   * Prices the draft, answers the cart and writes it; the notices shown now are not stored again. The
   * answer is made from the row as it will be, so nothing is read back. Null when
   * `guard.expectedVersion` no longer holds or `guard.remember`'s key was used: nothing was written.
   * `write` is how the save reaches the database: in the transaction at hand, or with other carts'.
   */
  async function save(
    tx: Db,
    draft: CartDraft,
    actor: Actor,
    guard: { expectedVersion?: number; remember?: RememberedAnswer; device?: DeviceMutation } = {},
    write: (save: CartSave) => Promise<boolean> = async (one) => (await repo.saveMany(tx, [one]))[0]!,
  ): Promise<{ input: CartAnswerInput; row: CartRow } | null> {
    const lines = [...draft.lines.values()]
    const chainOf = await chainOfNow()
    // pricing takes the lines from memory, so the lines are written together with the cart below
    const priced = await pricingFor(tx).price({ ...pricingInput(draft, chainOf), lang: actor.lang })
    const patch = {
      cityId: draft.cityId,
      promotionChoices: priced.cleared.promotionChoices ?? draft.promotionChoices,
      marketingUnits: priced.cleared.marketingUnits ?? draft.marketingUnits,
      bonusAmount: priced.cleared.bonusAmount ?? draft.bonusAmount,
      tradeins: priced.cleared.tradeins ?? draft.tradeins,
      notices: [],
    }
    const updatedAt = now()
    const row: CartRow = {
      ...draft.cart,
      version: draft.cart.version + 1,
      updated_at: updatedAt,
      city_id: patch.cityId,
      promotion_choices: patch.promotionChoices,
      marketing_units: patch.marketingUnits,
      bonus_amount: patch.bonusAmount,
      tradeins: patch.tradeins,
      notices: [],
    }
    const notices = [...draft.cart.notices, ...draft.notices, ...priced.notices]
    const input: CartAnswerInput = { cart: row, lines, priced, chainOf, lang: actor.lang, notices }
    const written = await write({
      id: draft.cart.id,
      change: draft.writes(),
      patch,
      guard: {
        expectedVersion: guard.expectedVersion,
        updatedAt,
        remember: guard.remember,
        device: guard.device,
      },
    })
    return written ? { input, row } : null
  }

  async function change(
    tx: Db,
    ref: CartRef,
    actor: Actor,
    cityId: number,
    skus: string[],
    op: Op,
  ): Promise<Cart> {
    const { cart, lines } = await lockedCart(tx, ref, actor, cityId)
    const draft = new CartDraft(cart, cityId, await repo.products(tx, cart.id, cityId, skus, lines))
    const chainOf = await chainOfNow()
    await op(draft, () => ({ ...pricingInput(draft, chainOf), lang: actor.lang }), pricingFor(tx))
    draft.check()
    // the row is locked, so the save cannot miss
    return cartAnswer((await save(tx, draft, actor))!.input)
  }

  /**
   * Reads without a lock; only when the read must also write (the shopper switched city, pricing
   * cleared a benefit, notices wait to be shown) does it go the way of a change.
   */
  async function currentCart(ref: CartRef, cityId: number, actor: Actor): Promise<Cart> {
    // a cart comes with its lines in one statement; the named cart may first have to be made
    const read =
      ref === 'named'
        ? ((await repo.readNamed(db, userOf(actor))) ?? {
            cart: await repo.openNamed(db, userOf(actor), cityId),
            lines: undefined,
          })
        : await repo.readForChange(db, ref.id, null)
    const cart = read?.cart
    assertAccess(cart, actor)
    if (cart.city_id === cityId && cart.notices.length === 0) {
      const products = await repo.products(db, cart.id, cityId, [], read?.lines)
      const draft = new CartDraft(cart, cityId, products)
      const lines = [...draft.lines.values()]
      const chainOf = await chainOfNow()
      const priced = await pricingFor(db).price({ ...pricingInput(draft, chainOf), lang: actor.lang })
      const cleared = priced.cleared
      if (
        !cleared.bonusAmount &&
        !cleared.marketingUnits &&
        !cleared.promotionChoices &&
        !cleared.tradeins &&
        priced.notices.length === 0
      )
        return cartAnswer({ cart, lines, priced, chainOf, lang: actor.lang, notices: [] })
    }
    return db.transaction((tx) => change(tx, { id: cart.id }, actor, cityId, [], () => {}))
  }

  /**
   * A change of one cart without holding a transaction open. The cart and its lines come from what this
   * process saved last, else from one statement that also finds the request's idempotency record; the
   * change is made and priced in memory; the save is written only if the cart is still at that version
   * and the key unused, with the record, in a statement shared with the other carts' changes waiting at
   * that moment. When it is not written (another process changed the cart, or the key was used
   * meanwhile), or the change is refused on what this process knew, it reads the cart again and goes
   * once more; a key used already answers the cart as it is then and changes nothing. One process's
   * changes of a cart take turns, so they never miss each other.
   */
  async function mutation(
    idem: IdempotencyRequest,
    ref: CartRef,
    actor: Actor,
    cityId: number,
    op: Op,
    skus: string[] = [],
  ): Promise<Answer<Cart> & { replayed: boolean; json?: Buffer }> {
    // one spelling per cart, so its changes take the same turns
    const id = (ref === 'named' ? (await repo.openNamed(db, userOf(actor), cityId)).id : ref.id).toLowerCase()
    const key = idem.key === null ? null : { scope: idem.scope, key: idem.key }
    const hash = key ? requestHash(idem.payload) : ''
    const device = idem.device ?? undefined
    const answer = await turns.run(id, async () => {
      for (let attempt = 1; ; attempt++) {
        const remembered = attempt === 1 ? known.get(id) : undefined
        let state = remembered
        if (!state) {
          const read = await repo.readForChange(db, id, key, device?.deviceId ?? null)
          if (!read) throw notFound(CART_ERROR_KEYS.notFound)
          assertAccess(read.cart, actor)
          if (read.storedHash !== null) {
            if (read.storedHash !== hash) throw unprocessable(CART_ERROR_KEYS.idempotencyMismatch)
            // the change was made once already: the answer is the cart as it is now
            return { status: 200, body: await currentCart({ id }, cityId, actor), replayed: true }
          }
          // the device made this change already, or a later one (a replay, a duplicate, a reordering)
          if (device && read.deviceSeq >= device.seq)
            return { status: 200, body: await currentCart({ id }, cityId, actor), replayed: true }
          state = read
        }
        const { cart, lines } = state
        assertAccess(cart, actor)
        let saved: Awaited<ReturnType<typeof save>>
        let json: Buffer | undefined
        try {
          const draft = new CartDraft(cart, cityId, await repo.products(db, id, cityId, skus, lines))
          const chainOf = await chainOfNow()
          await op(draft, () => ({ ...pricingInput(draft, chainOf), lang: actor.lang }), pricingFor(db))
          draft.check()
          saved = await save(
            db,
            draft,
            actor,
            { expectedVersion: cart.version, remember: key ? { ...key, hash } : undefined, device },
            saves.submit,
          )
          if (saved) {
            known.set(id, { cart: saved.row, lines: draft.linesAfter() })
            // rendered here, so the route sends it without another check and stringify
            json = cartJson(saved.input, take)
          }
        } catch (err) {
          // what this process knew may be behind: the answer, refusal or used key stands only on a fresh read
          known.delete(id)
          if (remembered) continue
          throw err
        }
        if (saved) {
          const { input } = saved
          // the answer as an object is only looked at outside production, to check the bytes against it
          return {
            status: 200,
            get body() {
              return cartAnswer(input)
            },
            json,
            replayed: false,
          }
        }
        known.delete(id)
        if (attempt >= SAVE_ATTEMPTS) throw conflict(CART_ERROR_KEYS.idempotencyInProgress)
      }
    })
    if (!answer.replayed && key) await sometimesPurgeIdempotencyKeys(db)
    return answer
  }

  return {
    create(cityId: number, actor: Actor, idem: IdempotencyRequest): Promise<Answer<Cart>> {
      return idempotent(db, idem, async (tx) => {
        const cart = await repo.create(tx, cityId, null)
        const draft = new CartDraft(cart, cityId, [])
        const chainOf = await chainOfNow()
        const priced = await pricingFor(tx).price({ ...pricingInput(draft, chainOf), lang: actor.lang })
        return {
          status: 201,
          body: cartAnswer({ cart, lines: [], priced, chainOf, lang: actor.lang, notices: [] }),
        }
      })
    },

    get: currentCart,

    /**
     * Sign-in: the guest cart's lines join the named cart, each capped by the named cart's city stock;
     * what was capped or could not come along is reported, and the guest cart is closed.
     */
    merge(anonymousId: string, actor: Actor, cityId: number, idem: IdempotencyRequest) {
      const userId = userOf(actor)
      return idempotent(db, idem, async (tx) => {
        const named = await repo.openNamed(tx, userId, cityId)
        // both rows locked in one order, so two merges of the same pair cannot deadlock
        const [first, second] = [named.id, anonymousId].sort()
        const locked = new Map<string, { cart: CartRow; lines: LineRow[] } | undefined>()
        locked.set(first!, await repo.lockWithLines(tx, first!))
        if (second !== first) locked.set(second!, await repo.lockWithLines(tx, second!))
        const guestLocked = locked.get(anonymousId)
        const guest = guestLocked?.cart
        assertAccess(guest, actor)
        const namedLocked = locked.get(named.id)!
        const draft = new CartDraft(
          namedLocked.cart,
          cityId,
          await repo.products(tx, named.id, cityId, [], namedLocked.lines),
        )
        if (guest.id !== named.id) {
          const incoming = await repo.products(tx, guest.id, cityId, [], guestLocked!.lines)
          mergeLines(draft, incoming)
          carryBenefits(draft, guest)
          await repo.close(tx, guest.id)
        }
        // both rows are locked, so the save cannot miss
        return { status: 200, body: cartAnswer((await save(tx, draft, actor))!.input) }
      })
    },

    remove(ref: CartRef, actor: Actor, idem: IdempotencyRequest) {
      return idempotent(db, idem, async (tx) => {
        const cart = ref === 'named' ? await repo.lockNamed(tx, userOf(actor)) : await repo.lock(tx, ref.id)
        // a shopper without a named cart has nothing to delete: the same answer as after deleting it
        if (ref !== 'named' || cart) {
          assertAccess(cart, actor)
          await repo.close(tx, cart.id)
        }
        return { status: 200, body: { deleted: true as const } }
      })
    },

    putProducts(
      ref: CartRef,
      actor: Actor,
      req: z.infer<typeof CartProductsRequest> & { assembly_pc?: boolean },
      mode: 'add' | 'set',
      idem: IdempotencyRequest,
    ) {
      return mutation(
        idem,
        ref,
        actor,
        req.city_id,
        (draft) => draft.put(req.products, mode, req.assembly_pc ?? false),
        skusOf(req.products),
      )
    },

    /**
     * Reorder: each item is in the named cart at least in the quantity given (a line already holding
     * more keeps it, so asking twice adds nothing twice), capped by the city's stock. What the city no
     * longer sells or holds, and what was capped, is a notice, never silently dropped.
     */
    refill(
      actor: Actor,
      cityId: number,
      items: { sku: string; quantity: number }[],
      idem: IdempotencyRequest,
    ) {
      return mutation(
        idem,
        'named',
        actor,
        cityId,
        (draft) => {
          let added = 0
          for (const item of items) {
            let p: ProductRow
            try {
              p = draft.product(item.sku)
            } catch {
              draft.notify(noticeOf('productUnavailable', item.sku, { quantity: item.quantity }))
              continue
            }
            const existing = draft.lines.get(p.id)
            const limit = Math.min(availableQuantity(p), MAX_LINE_QUANTITY)
            if (isService(p) || limit < 1 || (!existing && draft.lines.size >= MAX_CART_LINES)) {
              draft.notify(noticeOf('productUnavailable', p.sku, { quantity: item.quantity }))
              continue
            }
            const wanted = Math.max(existing?.quantity ?? 0, item.quantity)
            if (wanted > limit)
              draft.notify(noticeOf('quantityCapped', p.sku, { requested: wanted, count: limit }))
            const quantity = Math.min(wanted, limit)
            if (existing && existing.quantity >= quantity && existing.ticked) continue
            draft.lines.set(p.id, {
              product: p,
              quantity,
              ticked: true,
              referenceProductId: existing?.referenceProductId ?? null,
              forAssembly: existing?.forAssembly ?? false,
            })
            added++
          }
          if (added > 0) {
            draft.productsChanged = true
            draft.dropPromoCodeOnProductChange()
          }
        },
        items.map((i) => i.sku),
      )
    },

    removeProduct(ref: CartRef, actor: Actor, cityId: number, productId: string, idem: IdempotencyRequest) {
      return mutation(idem, ref, actor, cityId, (draft) => {
        const line = [...draft.lines.values()].find(
          (l) => l.product.sku === productId || String(l.product.id) === productId,
        )
        if (!line) throw notFound(CART_ERROR_KEYS.productNotFound, { sku: productId })
        draft.remove([line.product.id])
      })
    },

    /** Spec 7: DELETE .../products/activeProducts leaves only the active lines. */
    removeInactive(ref: CartRef, actor: Actor, cityId: number, idem: IdempotencyRequest) {
      return mutation(idem, ref, actor, cityId, (draft) => {
        draft.remove([...draft.lines.values()].filter((l) => !isActiveLine(l)).map((l) => l.product.id))
      })
    },

    choosePromotions(
      ref: CartRef,
      actor: Actor,
      req: z.infer<typeof PromotionsRequest>,
      idem: IdempotencyRequest,
    ) {
      const skus = req.promotions.flatMap((p) => [
        p.referenceProductSku,
        ...p.rules.flatMap((r) => r.chosenProducts.map((c) => c.sku)),
      ])
      return mutation(
        idem,
        ref,
        actor,
        req.city_id,
        async (draft, input, pricing) => {
          for (const choice of req.promotions) {
            const reference = draft.lines.get(draft.product(choice.referenceProductSku).id)
            if (!reference)
              throw unprocessable(CART_ERROR_KEYS.promotionChoiceInvalid, { sku: choice.referenceProductSku })
            const stored: StoredPromotionChoice = {
              promotionId: choice.id,
              referenceProductId: reference.product.id,
              rules: choice.rules.map((r) => ({
                ruleId: r.id,
                productIds: r.chosenProducts.map((c) => draft.product(c.sku).id),
              })),
            }
            await pricing.checkPromotionChoice(stored, input())
            draft.promotionChoices = [
              ...draft.promotionChoices.filter(
                (c) =>
                  c.promotionId !== stored.promotionId || c.referenceProductId !== stored.referenceProductId,
              ),
              stored,
            ]
          }
        },
        skus,
      )
    },

    removePromotion(
      ref: CartRef,
      actor: Actor,
      query: z.infer<typeof RemovePromotionQuery>,
      idem: IdempotencyRequest,
    ) {
      return mutation(
        idem,
        ref,
        actor,
        query.city_id,
        (draft) => {
          const referenceId =
            query.reference_product_sku === undefined
              ? undefined
              : draft.product(query.reference_product_sku).id
          const kept = draft.promotionChoices.filter(
            (c) =>
              c.promotionId !== query.promotion_id ||
              (referenceId !== undefined && c.referenceProductId !== referenceId),
          )
          if (kept.length === draft.promotionChoices.length) throw notFound(CART_ERROR_KEYS.promotionNotFound)
          draft.promotionChoices = kept
        },
        query.reference_product_sku === undefined ? [] : [query.reference_product_sku],
      )
    },

    /** At most one promo code (a new one replaces it) and any number of gift cards. */
    addMarketingUnit(
      ref: CartRef,
      actor: Actor,
      req: z.infer<typeof AddMarketingUnitRequest>,
      idem: IdempotencyRequest,
    ) {
      return mutation(idem, ref, actor, req.city_id, async (draft, input, pricing) => {
        const unit = { type: req.unitType, code: req.code, operationId: req.operationId ?? randomUUID() }
        await pricing.checkMarketingUnit(unit, input())
        draft.marketingUnits = [
          ...draft.marketingUnits.filter((u) =>
            unit.type === 'promo_code'
              ? u.type !== 'promo_code'
              : u.type !== unit.type || u.code !== unit.code,
          ),
          unit,
        ]
      })
    },

    removeMarketingUnit(
      ref: CartRef,
      actor: Actor,
      req: z.infer<typeof RemoveMarketingUnitRequest>,
      idem: IdempotencyRequest,
    ) {
      return mutation(idem, ref, actor, req.city_id, (draft) => {
        const kept = draft.marketingUnits.filter(
          (u) => u.type !== req.unitType || u.operationId !== req.operationId,
        )
        if (kept.length === draft.marketingUnits.length)
          throw notFound(
            req.unitType === 'gift_card'
              ? CART_ERROR_KEYS.giftCardNotFound
              : CART_ERROR_KEYS.promoCodeNotFound,
          )
        draft.marketingUnits = kept
      })
    },

    /**
     * The old device the shopper hands over for a line's product (a new one replaces it), or none: its
     * credit comes off what the shopper pays once the device is handed over at a shop taking old devices.
     */
    chooseTradein(ref: CartRef, actor: Actor, req: z.infer<typeof TradeinRequest>, idem: IdempotencyRequest) {
      return mutation(
        idem,
        ref,
        actor,
        req.city_id,
        async (draft, input, pricing) => {
          const line = draft.lines.get(draft.product(req.sku).id)
          if (!line) throw unprocessable(CART_ERROR_KEYS.tradeinUnavailable, { sku: req.sku })
          const choice = { productId: line.product.id, deviceKind: req.device_kind, condition: req.condition }
          await pricing.checkTradein(choice, input())
          draft.tradeins = [...draft.tradeins.filter((t) => t.productId !== choice.productId), choice]
        },
        [req.sku],
      )
    },

    removeTradein(
      ref: CartRef,
      actor: Actor,
      query: z.infer<typeof RemoveTradeinQuery>,
      idem: IdempotencyRequest,
    ) {
      return mutation(
        idem,
        ref,
        actor,
        query.city_id,
        (draft) => {
          const id = draft.product(query.sku).id
          if (!draft.tradeins.some((t) => t.productId === id))
            throw notFound(CART_ERROR_KEYS.productNotFound, { sku: query.sku })
          draft.tradeins = draft.tradeins.filter((t) => t.productId !== id)
        },
        [query.sku],
      )
    },

    settings(ref: CartRef, actor: Actor, req: z.infer<typeof CartSettingsRequest>, idem: IdempotencyRequest) {
      return mutation(idem, ref, actor, req.city_id, async (draft, input, pricing) => {
        if (req.bonusAmount === undefined) return
        await pricing.checkBonusAmount(req.bonusAmount, input())
        draft.bonusAmount = req.bonusAmount
      })
    },

    async share(req: z.infer<typeof SharedCartRequest>): Promise<{ shared_cart_id: string }> {
      const found = await repo.products(db, null, req.city_id, skusOf(req.items))
      const ids = new Map(found.map(({ product }) => [product.sku, product.id]))
      const items = req.items.map((item) => {
        const productId = ids.get(item.sku)
        if (productId === undefined) throw notFound(CART_ERROR_KEYS.productNotFound, { sku: item.sku })
        return { productId, quantity: item.quantity }
      })
      const id = sharedCartId()
      await repo.createShared(id, req.city_id, items)
      return { shared_cart_id: id }
    },

    /** Purchase flow 5: only active products, neither services nor products made for another one. */
    async shared(id: string, cityId: number, lang: Lang): Promise<SharedCart> {
      const shared = await repo.findShared(id)
      if (!shared) throw notFound(CART_ERROR_KEYS.sharedCartNotFound)
      const products = new Map(
        (
          await repo.productsById(
            db,
            shared.items.map((i) => i.productId),
            cityId,
          )
        ).map((p) => [p.id, p]),
      )
      const items: SharedCart['items'] = []
      for (const item of shared.items) {
        const p = products.get(item.productId)
        if (!p || isService(p) || p.own_reference_id !== null || !isAvailable(p)) continue
        const image = p.images?.[0]
        items.push({
          sku: p.sku,
          uri: p.uri,
          title: lang === 'kk' ? p.title_kk : p.title_ru,
          type: p.type,
          image: image ? sharedCartImage(image) : null,
          price: p.price ?? 0,
          oldPrice: p.old_price,
          stickers: localStickers(p, lang),
          isActive: true,
          quantity: Math.min(item.quantity, availableQuantity(p)),
        })
      }
      return { shared_cart_id: shared.id, cityId, items }
    },
  }
}
export type CartService = ReturnType<typeof createCartService>

const skusOf = (items: { sku: string; reference_product_sku?: string }[]) => [
  ...new Set(items.flatMap((i) => (i.reference_product_sku ? [i.sku, i.reference_product_sku] : [i.sku]))),
]

/**
 * The guest's gift and kit choices, old devices and gift cards come along to the named cart, where it has none of its
 * own for the same promotion and product or the same card. Pricing then drops any that no longer apply
 * and says so, as for any other change. A promo code does not: merging changes the products, which
 * takes an applied promo code off (spec 8).
 */
function carryBenefits(draft: CartDraft, guest: CartRow) {
  const choiceKey = (c: StoredPromotionChoice) => `${c.promotionId}:${c.referenceProductId}`
  const chosen = new Set(draft.promotionChoices.map(choiceKey))
  const choices = guest.promotion_choices.filter(
    (c) => draft.lines.has(c.referenceProductId) && !chosen.has(choiceKey(c)),
  )
  const cards = new Set(
    draft.marketingUnits.filter((u) => u.type === 'gift_card').map((u) => u.code.toUpperCase()),
  )
  const giftCards = guest.marketing_units.filter(
    (u) => u.type === 'gift_card' && !cards.has(u.code.toUpperCase()),
  )
  if (choices.length > 0) draft.promotionChoices = [...draft.promotionChoices, ...choices]
  const traded = new Set(draft.tradeins.map((t) => t.productId))
  const tradeins = guest.tradeins.filter((t) => draft.lines.has(t.productId) && !traded.has(t.productId))
  if (tradeins.length > 0) draft.tradeins = [...draft.tradeins, ...tradeins]
  if (giftCards.length > 0) draft.marketingUnits = [...draft.marketingUnits, ...giftCards]
}

/**
 * The guest's lines into the named cart: quantities combined and capped by the stock of the named cart's
 * city and the line limit; a capped or unavailable line becomes a notice rather than vanishing.
 */
function mergeLines(draft: CartDraft, incoming: ProductInCart[]) {
  const guestLines = incoming.flatMap(({ product, line }) => (line ? [{ p: product, line }] : []))
  // products first, so a service finds the product it is for
  guestLines.sort((a, b) => Number(isService(a.p)) - Number(isService(b.p)))
  let merged = 0
  for (const { p, line: guest } of guestLines) {
    const quantity = guest.quantity
    const existing = draft.lines.get(p.id)
    const limit = Math.min(availableQuantity(p), MAX_LINE_QUANTITY)
    const reference = existing?.referenceProductId ?? guest.reference_product_id
    const orphan = isService(p) && (reference === null || !draft.lines.has(reference))
    if (limit < 1 || orphan || (!existing && draft.lines.size >= MAX_CART_LINES)) {
      draft.notify(noticeOf('productUnavailable', p.sku, { quantity }))
      continue
    }
    const wanted = (existing?.quantity ?? 0) + quantity
    if (wanted > limit) draft.notify(noticeOf('quantityCapped', p.sku, { requested: wanted, count: limit }))
    const line: Line = {
      product: p,
      quantity: Math.min(wanted, limit),
      ticked: existing?.ticked ?? guest.is_active,
      referenceProductId: reference,
      forAssembly: (existing?.forAssembly ?? false) || guest.for_assembly,
    }
    draft.lines.set(p.id, line)
    merged++
  }
  if (merged > 0) {
    draft.followProducts()
    draft.productsChanged = true
    draft.notify(noticeOf('merged', undefined, { count: merged }))
    draft.dropPromoCodeOnProductChange()
  }
}
