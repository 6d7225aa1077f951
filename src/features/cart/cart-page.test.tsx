import { i18n } from '@lingui/core'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { getDefaultStore } from 'jotai'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Cart } from '../../../contract/cart'
import { cartIdAtom } from '../../atoms/cart-id'
import { renderAppAt } from '../../testing/render-app'
import { outbox } from '../../data/outbox'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../testing/fake-fetch'
import { MENU } from '../../testing/catalog-fixtures'
import { aCart, aGiftPromotion, aKitPart, aLine, GUEST_ID } from '../../testing/cart-fixtures'

window.scrollTo = () => undefined

const CART_PATH = `/cart/api/v2/carts/${GUEST_ID}`
let cart: Cart
let calls: RecordedCall[]

function handler(call: RecordedCall): Response {
  if (call.path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  if (call.path === CART_PATH && call.method === 'GET') return json(200, cart)
  if (call.path === `${CART_PATH}/marketingUnits`)
    return errorAnswer(400, 'bad_request', 'cart:promoCodeExpired')
  if (call.path.startsWith(CART_PATH)) return json(200, cart)
  if (call.path === '/api/cpms/v1/products/cart')
    return json(200, {
      amount: cart.grandTotalSum,
      installments: [
        {
          bankCode: 'bank',
          bankTitle: 'Банк',
          productType: 'installment',
          code: '0-0-12',
          months: 12,
          rate: 0,
          monthlyPayment: 4_167,
          total: 50_000,
        },
      ],
      loans: [],
    })
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'ru', messages: {} })
})

beforeEach(async () => {
  cart = aCart([aLine({ quantity: 1 }), aLine({ id: 2, sku: '100002', title: 'Чехол', price: 40_000 })])
  calls = fakeFetch(handler).calls
  await getDefaultStore().set(cartIdAtom, GUEST_ID)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const sent = (method: string) => calls.filter((call) => call.method === method)

/** Waits for the gift or kit choice of the test promotion to be sent, with this product chosen. */
async function expectPromotionChoiceSent(sku: string) {
  await waitFor(() => expect(sent('POST').some((call) => call.path.endsWith('/promotions'))).toBe(true))
  expect(sent('POST').find((call) => call.path.endsWith('/promotions'))?.body).toEqual({
    city_id: 1,
    promotions: [
      {
        id: 7,
        referenceProductId: 1,
        referenceProductSku: '100001',
        rules: [{ id: 70, chosenProducts: [{ sku, type: 'regular', isAvailable: true }] }],
      },
    ],
  })
}

describe('the cart page', () => {
  it('shows an empty cart with the way to the catalogue when the shopper has no cart', async () => {
    await getDefaultStore().set(cartIdAtom, null)
    await renderAppAt('/cart')

    expect(await screen.findByTestId('cart-empty')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Перейти в каталог' })).toBeTruthy()
    expect(screen.getByTestId('cart-count').dataset.count).toBe('0')
    expect(calls.some((call) => call.path.startsWith('/cart/'))).toBe(false)
  })

  it('lists the lines with the totals, the installment and the header count', async () => {
    await renderAppAt('/cart')

    const lines = await screen.findAllByTestId('cart-line')
    expect(lines.map((line) => line.dataset.sku)).toEqual(['100001', '100002'])
    expect(within(lines[0] as HTMLElement).getByRole('link', { name: 'Смартфон Alpha' })).toBeTruthy()
    expect(screen.getByTestId('total-sub').dataset.amount).toBe('50000')
    expect(screen.getByTestId('total-grand').textContent).toContain('50\u00a0000\u00a0₸')
    expect((await screen.findByTestId('installment')).textContent).toContain('от 4\u00a0167\u00a0₸/мес')
    expect(screen.getByTestId('cart-count').dataset.count).toBe('2')
    const checkout = screen.getByRole('link', { name: 'Оформить заказ' })
    expect(checkout.getAttribute('href')).toBe('/checkout/receiver')
  })

  it("counts an added kit's parts in the goods, the header and the installment, and shows the saving apart", async () => {
    cart = aCart([aLine()], {
      promotions: [
        aGiftPromotion({
          type: 'kit',
          isApplied: true,
          result: { products: [aKitPart('300001'), aKitPart('300002')] },
        }),
      ],
      subTotalSum: 68_000,
      economySum: 2_000,
      grandTotalSum: 68_000,
    })
    await renderAppAt('/cart')

    const sub = await screen.findByTestId('total-sub')
    expect(sub.textContent).toContain('Товары (3)')
    expect(screen.getByTestId('total-grand').dataset.amount).toBe('68000')
    const saving = screen.getByTestId('total-economy')
    expect(saving.textContent).toBe('Ваша выгода: 2\u00a0000\u00a0₸')
    expect(saving.closest('dl')).toBeNull()
    expect(screen.getByTestId('cart-count').dataset.count).toBe('3')
    await screen.findByTestId('installment')
    const loan = calls.find((call) => call.path === '/api/cpms/v1/products/cart')
    expect((loan?.body as { goods: unknown[] }).goods).toEqual([
      { sku: '100001', quantity: 1, price: 10_000, amount: 10_000 },
      { sku: '300001', quantity: 1, price: 9_000, amount: 9_000 },
      { sku: '300002', quantity: 1, price: 9_000, amount: 9_000 },
    ])
  })

  it('changes a quantity at once, sends it, and counts it in the header', async () => {
    await renderAppAt('/cart')
    const first = (await screen.findAllByTestId('cart-line'))[0] as HTMLElement

    cart = aCart([aLine({ quantity: 2 }), aLine({ id: 2, sku: '100002', title: 'Чехол', price: 40_000 })])
    fireEvent.click(within(first).getByTestId('quantity-increase'))

    expect(within(first).getByTestId('line-quantity').textContent).toBe('2')
    await waitFor(() => expect(sent('PUT')).toHaveLength(1))
    expect(sent('PUT')[0]?.body).toEqual({
      city_id: 1,
      products: [{ sku: '100001', quantity: 2, is_active: true }],
    })
    await waitFor(() => expect(screen.getByTestId('cart-count').dataset.count).toBe('3'))
  })

  it('sets aside lines that cannot be ordered, and removes them on request', async () => {
    cart = aCart([
      aLine(),
      aLine({ id: 3, sku: '100003', title: 'Плеер', isActive: false, isAvailable: false }),
    ])
    await renderAppAt('/cart')

    const inactive = await screen.findByTestId('inactive-section')
    expect(
      within(inactive)
        .getAllByTestId('cart-line')
        .map((line) => line.dataset.sku),
    ).toEqual(['100003'])
    expect(within(screen.getByTestId('cart-lines')).getAllByTestId('cart-line')).toHaveLength(1)

    cart = aCart([aLine()])
    fireEvent.click(within(inactive).getByTestId('remove-inactive'))

    expect(screen.queryByTestId('inactive-section')).toBeNull()
    await waitFor(() =>
      expect(sent('DELETE').map((call) => call.path)).toEqual([`${CART_PATH}/products/activeProducts`]),
    )
  })

  it('marks each line with the kiosk stickers its data says: gift, prepay only, showcase, out of stock', async () => {
    cart = aCart(
      [
        aLine({ onlyPrepayment: true }),
        aLine({ id: 2, sku: '100002', title: 'Чехол', showcase: true }),
        aLine({ id: 3, sku: '100003', title: 'Плеер', isActive: false, isAvailable: false }),
        aLine({ id: 4, sku: '100004', title: 'Кабель' }),
      ],
      { promotions: [aGiftPromotion()] },
    )
    await renderAppAt('/cart')
    await screen.findAllByTestId('cart-line')
    const stickersOf = (sku: string) =>
      [
        ...document.querySelectorAll<HTMLElement>(`[data-testid="cart-line"][data-sku="${sku}"] [data-code]`),
      ].map((s) => [s.dataset.code, s.textContent])
    expect(stickersOf('100001')).toEqual([
      ['gift', 'Подарок'],
      ['prepay', 'Только предоплата'],
    ])
    expect(stickersOf('100002')).toEqual([['showcase', 'С витрины']])
    expect(stickersOf('100003')).toEqual([['out_of_stock', 'Нет в наличии']])
    expect(stickersOf('100004')).toEqual([])
  })

  it('shows a service under its product and takes it out on request', async () => {
    const installation = aLine({
      id: 9,
      sku: '900009',
      title: 'Установка телевизора',
      type: 'service',
      price: 15_000,
      referenceProductId: 1,
      referenceProductSku: '100001',
    })
    cart = aCart([aLine()], { services: [installation] })
    await renderAppAt('/cart')

    const service = await screen.findByTestId('cart-service')
    expect(service.dataset.sku).toBe('900009')
    expect(within(screen.getAllByTestId('cart-line')[0]!).getByTestId('cart-service')).toBe(service)
    expect(service.textContent).toContain('Установка телевизора')

    fireEvent.click(within(service).getByTestId('service-remove'))
    await waitFor(() =>
      expect(sent('DELETE').map((call) => call.search.get('product_id'))).toEqual(['900009']),
    )
  })

  it('shows why a promo code was refused under its field', async () => {
    await renderAppAt('/cart')
    const input = await screen.findByTestId('promo-code-input')

    fireEvent.change(input, { target: { value: 'OLDCODE' } })
    await act(async () => {
      fireEvent.click(screen.getByTestId('promo-code-apply'))
    })

    expect((await screen.findByRole('alert')).textContent).toBe('Срок действия промокода истёк')
    expect(sent('POST').find((call) => call.path.endsWith('/marketingUnits'))?.body).toEqual({
      city_id: 1,
      unitType: 'promo_code',
      code: 'OLDCODE',
    })
  })

  it('sends the gift the shopper picks instead of the one chosen first', async () => {
    cart = aCart([aLine()], { promotions: [aGiftPromotion()] })
    await renderAppAt('/cart')
    const other = (await screen.findAllByTestId('promotion-product'))[1] as HTMLElement

    fireEvent.click(within(other).getByRole('radio'))

    expect((within(other).getByRole('radio') as HTMLInputElement).checked).toBe(true)
    await expectPromotionChoiceSent('200002')
  })

  it('says an optional kit is not in the order until the shopper adds it, and adds it as preselected', async () => {
    const kit = aGiftPromotion({ type: 'kit', title: 'Комплект к ноутбуку', isApplied: false, economy: 0 })
    cart = aCart([aLine()], { promotions: [kit] })
    await renderAppAt('/cart')
    const status = await screen.findByTestId('promotion-status')
    expect(status.dataset.applied).toBe('false')
    expect(status.textContent).toContain('Комплект не в заказе')

    fireEvent.click(within(status).getByRole('button', { name: 'Добавить комплект' }))

    await waitFor(() => expect(screen.getByTestId('promotion-status').dataset.applied).toBe('true'))
    await expectPromotionChoiceSent('200001')
  })

  it('takes an added kit out of the order', async () => {
    cart = aCart([aLine()], { promotions: [aGiftPromotion({ type: 'kit', isApplied: true })] })
    await renderAppAt('/cart')
    const status = await screen.findByTestId('promotion-status')
    expect(status.textContent).toContain('Комплект в заказе')

    fireEvent.click(within(status).getByRole('button', { name: 'Убрать комплект' }))

    await waitFor(() => expect(sent('DELETE').some((call) => call.path.endsWith('/promotions'))).toBe(true))
    const removal = sent('DELETE').find((call) => call.path.endsWith('/promotions'))
    expect(removal?.url).toContain('promotion_id=7')
    expect(removal?.url).toContain('reference_product_sku=100001')
  })

  it('marks a line changed offline as waiting for the network, with the change already shown', async () => {
    await renderAppAt('/cart')
    const first = (await screen.findAllByTestId('cart-line'))[0] as HTMLElement
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)

    fireEvent.click(within(first).getByTestId('quantity-increase'))

    expect(within(first).getByTestId('line-quantity').textContent).toBe('2')
    expect(within(first).getByTestId('line-pending').textContent).toBe('Ждёт сети')
    expect(screen.getByTestId('totals').textContent).toContain('Сумма уточнится, когда сеть вернётся')
    expect(sent('PUT')).toHaveLength(0)

    vi.restoreAllMocks()
    await act(async () => {
      await outbox.replay({ force: true })
    })
    await waitFor(() => expect(within(first).queryByTestId('line-pending')).toBeNull())
    expect(sent('PUT')).toHaveLength(1)
  })

  it('tells what the server changed on its own, and opens the benefit limit modal for a cleared benefit', async () => {
    cart = aCart([aLine()], {
      notices: [
        { code: 'quantityCapped', message: 'cart:quantityCapped', sku: '100001' },
        { code: 'benefitCleared', message: 'cart:benefitCleared' },
      ],
    })
    await renderAppAt('/cart')

    expect((await screen.findByTestId('cart-notices')).textContent).toBe(
      'Количество товара уменьшено до того, что есть в наличии',
    )
    // the modal opens after the page has rendered the cart
    const modal = await screen.findByTestId('benefit-limit-modal')
    expect(modal.textContent).toContain('Скидка больше недоступна и убрана из корзины')
    fireEvent.click(await within(modal).findByRole('button', { name: 'Понятно' }))
    await waitFor(() => expect(screen.queryByTestId('benefit-limit-modal')).toBeNull())
  })

  it('says so when the cart cannot be loaded', async () => {
    fakeFetch((call) =>
      call.path === CART_PATH ? errorAnswer(500, 'internal', 'errors:tryLater') : handler(call),
    )
    await renderAppAt('/cart')

    expect((await screen.findByTestId('cart-error')).textContent).toContain(
      'Не удалось получить данные корзины',
    )
  })
})
