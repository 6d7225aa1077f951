import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PaymentPartners } from '../../../../contract/broker'
import type { OrderDetail } from '../../../../contract/checkout'
import { saveBrokerId } from './kept-application'
import { setAccessToken, setRefreshToken } from '../../../data/auth-tokens'
import { aCart, aLine } from '../../../testing/cart-fixtures'
import { MENU } from '../../../testing/catalog-fixtures'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../../testing/fake-fetch'
import { renderAppAt } from '../../../testing/render-app'
import { anOrder, CARDS, ORDER_ID, PROFILE } from '../../../testing/checkout-fixtures'
import {
  anOffer,
  aPartner,
  BANKS,
  REFERENCE_ID,
  SIGN_ID,
  somePartners,
  STATEMENT_BANKS,
  VERIFICATION_ID,
} from '../../../testing/broker-fixtures'

const payment = vi.hoisted(() => ({ goTo: vi.fn<(url: string) => void>() }))
vi.mock('../navigation', () => ({ goToPayment: payment.goTo }))

window.scrollTo = () => undefined

const FLOW = `/checkout/review-and-payments?orderId=${ORDER_ID}`
const AGREEMENT = {
  code: 'online_broker',
  version: 1,
  title: 'Согласие',
  paragraphs: ['Я согласен на передачу данных банкам-партнёрам.'],
  agreements: [
    { code: 'data', title: 'Передача данных банкам', required: true },
    { code: 'ads', title: 'Предложения банков', required: false },
  ],
}

let partnerAnswers: PaymentPartners[]
let order: OrderDetail
let calls: RecordedCall[]
let verifyAnswer: () => Response

function handler(call: RecordedCall): Response {
  const { path } = call
  if (path === '/account/api/v1/profile') return json(200, PROFILE)
  if (path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  if (path === '/cart/api/v2/carts') return json(200, { ...aCart([aLine()]), cartType: 'named' })
  if (path === `/oms/api/v1/orders/${ORDER_ID}`) return json(200, order)
  if (path === `/payment/api/v1/orders/${ORDER_ID}/payments`)
    return json(200, {
      method: 'card_payment',
      status: 'pending',
      redirect_url: '/acquirer/api/v1/sessions/s-1',
    })
  if (path === '/payment/api/v1/payment-order/partners') return json(200, BANKS)
  if (path === '/payment/api/v1/payment-order/statement-banks') return json(200, STATEMENT_BANKS)
  if (path === '/agree/api/v1/specifications/online_broker') return json(200, AGREEMENT)
  if (path === '/agree/api/v1/agreement/sign')
    return json(200, {
      signAgreementId: SIGN_ID,
      phoneMasked: '+7 701 *** ** 33',
      expiresAt: '2099-01-01T00:00:00.000Z',
      attemptsLeft: 3,
    })
  if (path === '/agree/api/v2/agreement/verify') return verifyAnswer()
  if (path === '/file/api/v1/statement')
    return json(200, { filename: 'statement.pdf', fileEncoded: 'JVBERi0xLjc=', size: 512 * 1024 })
  if (path === '/payment/api/v1/payment-order/create-order')
    return json(200, { code: '200', referenceId: REFERENCE_ID })
  if (path === '/payment/api/v1/payment-order/get-payment-partners') {
    const next = partnerAnswers.length > 1 ? partnerAnswers.shift() : partnerAnswers[0]
    return next ? json(200, next) : errorAnswer(404, 'not_found', 'broker:applicationNotFound')
  }
  if (path === '/payment/api/v1/cards') return json(200, CARDS)
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  document.cookie = 'tdid=td-1; path=/'
  payment.goTo.mockReset()
  order = anOrder({
    payment: { method: 'loan/installment', status: 'pending', card_mask: null, paid_at: null },
  })
  verifyAnswer = () =>
    json(200, { verified: true, verificationId: VERIFICATION_ID, verifiedAt: '2026-05-01T09:31:00.000Z' })
  partnerAnswers = [
    somePartners(),
    somePartners({
      status: 'ready',
      partners: [
        aPartner('HSBKKZKX', {
          state: 'APPROVED',
          offers: [anOffer({ redirectUrl: 'http://localhost/bank/1' })],
        }),
        aPartner('CASPKZKA', { state: 'CALCULATION' }),
      ],
    }),
  ]
  calls = fakeFetch(handler).calls
})

afterEach(() => {
  vi.unstubAllGlobals()
  setAccessToken(null)
  setRefreshToken(null)
})

const sent = (path: string) => calls.filter((call) => call.path === path)

async function signAgreement(code = '1234') {
  const modal = await screen.findByTestId('broker-agreement')
  await within(modal).findByTestId('broker-agreement-text')
  const sign = within(modal).getByTestId('broker-agreement-sign') as HTMLButtonElement
  expect(sign.disabled).toBe(true) // the required consent first
  fireEvent.click(within(modal).getAllByTestId('broker-consent')[0] as HTMLElement)
  fireEvent.click(sign)
  fireEvent.change(await within(modal).findByTestId('broker-agreement-code'), { target: { value: code } })
  fireEvent.click(within(modal).getByTestId('broker-agreement-verify'))
}

const pdf = () =>
  new File([new TextEncoder().encode('%PDF-1.7\n' + 'x'.repeat(100))], 'statement.pdf', {
    type: 'application/pdf',
  })

describe('the broker flow', () => {
  it('applies for a 12-month installment, signs the agreement by SMS, attaches a statement and offers the approved bank', async () => {
    await renderAppAt(FLOW)
    const choice = await screen.findByTestId('broker-choice')
    expect((within(choice).getByTestId('broker-product-installment') as HTMLInputElement).checked).toBe(true)
    expect((within(choice).getByTestId('broker-term-12') as HTMLInputElement).checked).toBe(true)

    fireEvent.click(within(choice).getByTestId('broker-apply'))
    expect(await screen.findByText('Введите 12 цифр ИИН')).toBeTruthy()
    fireEvent.change(screen.getByTestId('broker-tax-code'), { target: { value: '900101300123' } })
    fireEvent.click(within(choice).getByTestId('broker-apply'))

    await signAgreement()
    expect(sent('/agree/api/v1/agreement/sign')[0]?.body).toEqual({
      specification_code: 'online_broker',
      agreements: ['data'],
    })
    expect(sent('/agree/api/v2/agreement/verify')[0]?.body).toEqual({
      sign_agreement_id: SIGN_ID,
      code: '1234',
    })

    // Kaspi needs a statement: UPLOAD, choice then completed with the size in KB.
    const upload = await screen.findByTestId('statement-choice')
    expect(screen.getByTestId('broker-flow').dataset.step).toBe('UPLOAD')
    fireEvent.change(within(upload).getByTestId('statement-bank'), { target: { value: 'CASPKZKA' } })
    fireEvent.change(within(upload).getByTestId('statement-file'), { target: { files: [pdf()] } })
    expect((await screen.findByTestId('statement-name')).textContent).toBe('statement.pdf · 512 КБ')
    fireEvent.click(screen.getByTestId('statement-continue'))

    await screen.findByTestId('broker-bank-choice')
    expect(sent('/payment/api/v1/payment-order/create-order')[0]?.search.get('paymentTypeCode')).toBe(
      'online_broker',
    )
    expect(sent('/payment/api/v1/payment-order/create-order')[0]?.body).toMatchObject({
      orderId: ORDER_ID,
      productType: 'installment',
      loanLength: 12,
      verificationId: VERIFICATION_ID,
      redirectUrl: `http://localhost:3000/checkout/result?status=success&orderId=${ORDER_ID}`,
      customer: { taxCode: '900101300123', firstName: 'Дана' },
      statements: [{ statement: 'JVBERi0xLjc=', filename: 'statement.pdf', bic: 'CASPKZKA' }],
    })
    // Kept for a reload.
    expect(JSON.parse(localStorage.getItem('brokerId') ?? '{}')).toMatchObject({
      id: REFERENCE_ID,
      orderId: ORDER_ID,
    })

    // The banks calculate, then Halyk approves while Kaspi still calculates.
    expect((await screen.findByTestId('broker-progress')).textContent).toContain('ответили 0 из 2')
    const sign = await screen.findByTestId('broker-offer-sign', {}, { timeout: 5_000 })
    expect(screen.getByTestId('broker-progress').textContent).toContain('ответили 1 из 2')
    expect(screen.getByTestId('broker-monthly-payment').textContent).toBe('10\u00a0000\u00a0₸/мес')
    fireEvent.click(sign)
    expect(payment.goTo).toHaveBeenCalledWith('http://localhost/bank/1')
  })

  it('says a wrong SMS code and sends no application', async () => {
    verifyAnswer = () => errorAnswer(422, 'unprocessable', 'agreement:codeInvalid', { attemptsLeft: 2 })
    await renderAppAt(FLOW)
    fireEvent.change(await screen.findByTestId('broker-tax-code'), { target: { value: '900101300123' } })
    fireEvent.click(screen.getByTestId('broker-apply'))
    await signAgreement('9999')
    expect(await screen.findByText('Неверный код из SMS')).toBeTruthy()
    expect(sent('/payment/api/v1/payment-order/create-order')).toHaveLength(0)
  })

  it('refuses a JPEG renamed to .pdf before uploading it', async () => {
    await renderAppAt(FLOW)
    fireEvent.change(await screen.findByTestId('broker-tax-code'), { target: { value: '900101300123' } })
    fireEvent.click(screen.getByTestId('broker-apply'))
    await signAgreement()
    const upload = await screen.findByTestId('statement-choice')
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'statement.pdf', {
      type: 'application/pdf',
    })
    fireEvent.change(within(upload).getByTestId('statement-file'), { target: { files: [jpeg] } })
    expect((await screen.findByTestId('statement-error')).textContent).toBe('Файл должен быть в формате PDF')
    expect(sent('/file/api/v1/statement')).toHaveLength(0)
  })

  it('resumes the application kept under brokerId after a reload, without applying again', async () => {
    saveBrokerId(REFERENCE_ID, ORDER_ID)
    partnerAnswers = [partnerAnswers[1] as PaymentPartners]
    await renderAppAt(FLOW)
    await screen.findByTestId('broker-offer-sign')
    expect(screen.queryByTestId('broker-choice')).toBeNull()
    expect(sent('/payment/api/v1/payment-order/get-payment-partners')[0]?.search.get('referenceId')).toBe(
      REFERENCE_ID,
    )
    expect(sent('/payment/api/v1/payment-order/create-order')).toHaveLength(0)
  })

  it('shows every bank’s rejection with its reason and the other ways to pay', async () => {
    saveBrokerId(REFERENCE_ID, ORDER_ID)
    partnerAnswers = [
      somePartners({
        status: 'rejected',
        partners: [
          aPartner('HSBKKZKX', { state: 'REJECTED', reason: 'applicant_declined' }),
          aPartner('CASPKZKA', { state: 'PARTNER_CANCELLED', reason: 'timeout', offers: [anOffer()] }),
        ],
      }),
    ]
    await renderAppAt(FLOW)
    expect(await screen.findByTestId('broker-all-rejected')).toBeTruthy()
    expect(screen.getAllByTestId('broker-bank')).toHaveLength(2)
    expect(screen.queryByTestId('broker-offer-sign')).toBeNull()
    fireEvent.click(screen.getByTestId('broker-reasons-open'))
    const reasons = within(await screen.findByTestId('broker-reasons')).getAllByTestId('broker-reason')
    expect(reasons.map((r) => r.textContent)).toEqual([
      'Halyk BankБанк не одобрил заявку по своей оценке',
      'Kaspi BankБанк не ответил вовремя',
    ])
    // the same order is paid by card: no cancel, no new order
    const submit = within(screen.getByTestId('pay-again')).getByTestId(
      'pay-again-submit',
    ) as HTMLButtonElement
    await waitFor(() => expect(submit.disabled).toBe(false))
    fireEvent.click(submit)
    await waitFor(() => expect(payment.goTo).toHaveBeenCalledWith('/acquirer/api/v1/sessions/s-1'))
    expect(sent(`/payment/api/v1/orders/${ORDER_ID}/payments`)[0]?.body).toMatchObject({
      payment_method: 'card_payment',
    })
    expect(calls.some((c) => c.path.endsWith('/cancelation'))).toBe(false)
  })

  it('applies again with other terms after every bank refused: a new agreement and a new application', async () => {
    saveBrokerId(REFERENCE_ID, ORDER_ID)
    partnerAnswers = [
      somePartners({ status: 'rejected', partners: [aPartner('HSBKKZKX', { state: 'REJECTED' })] }),
    ]
    await renderAppAt(FLOW)
    fireEvent.click(await screen.findByTestId('broker-apply-again'))
    const choice = await screen.findByTestId('broker-choice')
    expect(localStorage.getItem('brokerId')).toBeNull()
    fireEvent.change(within(choice).getByTestId('broker-tax-code'), { target: { value: '900101300123' } })
    fireEvent.click(within(choice).getByTestId('broker-term-6'))
    fireEvent.click(within(choice).getByTestId('broker-apply'))
    await signAgreement()
    fireEvent.click(within(await screen.findByTestId('statement-choice')).getByTestId('statement-skip'))
    await waitFor(() => expect(sent('/payment/api/v1/payment-order/create-order')).toHaveLength(1))
    expect(sent('/payment/api/v1/payment-order/create-order')[0]?.body).toMatchObject({ loanLength: 6 })
  })

  it('lets the shopper give a pending application up and pay by card, saying the banks are told', async () => {
    saveBrokerId(REFERENCE_ID, ORDER_ID)
    partnerAnswers = [somePartners()]
    await renderAppAt(FLOW)
    await screen.findByTestId('broker-progress')
    expect(screen.queryByTestId('pay-again')).toBeNull()
    fireEvent.click(screen.getByTestId('broker-pay-otherwise'))
    const form = await screen.findByTestId('broker-pay-otherwise-form')
    expect(form.textContent).toContain('Заявку в банки отзовём')
    const submit = within(form).getByTestId('pay-again-submit') as HTMLButtonElement
    await waitFor(() => expect(submit.disabled).toBe(false))
    fireEvent.click(submit)
    await waitFor(() => expect(payment.goTo).toHaveBeenCalledWith('/acquirer/api/v1/sessions/s-1'))
  })

  it('asks for the initial payment by card once the bank signed the loan', async () => {
    saveBrokerId(REFERENCE_ID, ORDER_ID)
    order = anOrder({
      payment: {
        method: 'loan/installment_initial_payment',
        status: 'failed',
        card_mask: null,
        paid_at: null,
      },
    })
    partnerAnswers = [somePartners({ status: 'resolved', initialPayment: 12_000 })]
    await renderAppAt(FLOW)
    const initial = await screen.findByTestId('broker-initial-payment')
    expect(within(initial).queryByTestId('pay-again-kaspi_qr_payment')).toBeNull()
    expect(within(initial).getByTestId('pay-again-submit').textContent).toBe('Оплатить 12\u00a0000\u00a0₸')
    expect(screen.queryByTestId('broker-completed')).toBeNull()
  })

  it('follows an order since paid another way to its own page', async () => {
    saveBrokerId(REFERENCE_ID, ORDER_ID)
    order = anOrder({
      payment: { method: 'card_payment', status: 'pending', card_mask: null, paid_at: null },
    })
    await renderAppAt(FLOW)
    expect(await screen.findByTestId('broker-paid-otherwise')).toBeTruthy()
    expect(sent('/payment/api/v1/payment-order/get-payment-partners')).toHaveLength(0)
  })

  it('is completed once the signed offer paid the order', async () => {
    saveBrokerId(REFERENCE_ID, ORDER_ID)
    partnerAnswers = [somePartners({ status: 'resolved' })]
    order = anOrder({
      payment: { method: 'loan/installment', status: 'paid', card_mask: null, paid_at: null },
    })
    await renderAppAt(FLOW)
    expect(await screen.findByTestId('broker-completed')).toBeTruthy()
  })

  it('does not resume another order’s application', async () => {
    saveBrokerId(REFERENCE_ID, '99999999-9999-4999-8999-999999999999')
    await renderAppAt(FLOW)
    expect(await screen.findByTestId('broker-choice')).toBeTruthy()
    await waitFor(() => expect(sent('/payment/api/v1/payment-order/get-payment-partners')).toHaveLength(0))
  })
})
