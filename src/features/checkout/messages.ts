import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OrderStatus } from '../../../contract/account-area'
import type { PaymentMethodCode, PaymentStatus } from '../../../contract/values/checkout'
import { CHECKOUT_ERROR_KEYS } from '../../../contract/values/checkout'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import { PREORDER_ERROR_KEYS } from '../../../contract/values/preorders'
import { formatMoney } from '../../i18n/format'
import type { Failure } from './rules'

/** The server's message keys the checkout can meet (purchase flow 8), in the shopper's language. */
const SERVER_MESSAGES: Record<string, MessageDescriptor> = {
  [CHECKOUT_ERROR_KEYS.cartEmpty]: msg`В корзине нет товаров, которые можно заказать`,
  [CHECKOUT_ERROR_KEYS.maxOrderSum]: msg`Сумма заказа не может превышать 2 000 000 ₸: уберите часть товаров`,
  [CHECKOUT_ERROR_KEYS.priceChanged]: msg`Сумма заказа изменилась`,
  [CHECKOUT_ERROR_KEYS.stockChanged]: msg`Товара стало меньше, чем в заказе`,
  [CHECKOUT_ERROR_KEYS.cartAlreadyOrdered]: msg`Эта корзина уже оформлена в заказ`,
  [CHECKOUT_ERROR_KEYS.paymentMethodUnavailable]: msg`Этот способ оплаты недоступен для заказа. Выберите другой`,
  [CHECKOUT_ERROR_KEYS.deliveryUnavailable]: msg`Этот способ получения недоступен для товаров в корзине`,
  [CHECKOUT_ERROR_KEYS.servicePointUnavailable]: msg`В выбранном пункте нет всех товаров заказа. Выберите другой`,
  [CHECKOUT_ERROR_KEYS.slotUnavailable]: msg`Выбранное время доставки больше недоступно. Выберите другое`,
  [CHECKOUT_ERROR_KEYS.tradeinNeedsShop]: msg`Заказ с трейд-ином получают в магазине, который принимает старые устройства`,
  [CHECKOUT_ERROR_KEYS.addressRequired]: msg`Укажите адрес доставки`,
  [CHECKOUT_ERROR_KEYS.installationDateInvalid]: msg`На эту дату установку назначить нельзя. Выберите другой день`,
  [CHECKOUT_ERROR_KEYS.organizationRequired]: msg`Для заказа на организацию укажите её название, БИН и адрес`,
  [CHECKOUT_ERROR_KEYS.cardNotFound]: msg`Эта карта не найдена. Выберите другую или новую карту`,
  [CHECKOUT_ERROR_KEYS.orderNotFound]: msg`Заказ не найден`,
  [CHECKOUT_ERROR_KEYS.orderNotPayable]: msg`Этот заказ уже нельзя оплатить`,
  [CHECKOUT_ERROR_KEYS.providerUnavailable]: msg`Платёжный сервис не отвечает. Попробуйте позже`,
  [CART_ERROR_KEYS.maxOrderSum]: msg`Сумма заказа не может превышать 2 000 000 ₸: уберите часть товаров`,
  [PREORDER_ERROR_KEYS.notFound]: msg`Этот товар не продаётся по предзаказу`,
  [PREORDER_ERROR_KEYS.inStock]: msg`Товар уже в продаже: добавьте его в корзину`,
  [PREORDER_ERROR_KEYS.unavailable]: msg`В этом городе товар по предзаказу не оформить`,
  [PREORDER_ERROR_KEYS.tooMany]: msg`Столько по одному предзаказу не оформить`,
  [PREORDER_ERROR_KEYS.servicePointUnavailable]: msg`Выберите магазин вашего города`,
  'errors:pleaseVerifyInputData': msg`Проверьте введённые данные`,
  'errors:invalidBin': msg`БИН введён с ошибкой: проверьте 12 цифр`,
  'errors:organizationNotFound': msg`Организация с таким БИН не найдена`,
  'errors:tryLater': msg`Попробуйте позже`,
  'errors:notFound': msg`Не найдено`,
}

export const CHECKOUT_MESSAGES = {
  somethingWentWrong: msg`Что-то пошло не так. Попробуйте ещё раз`,
  offline: msg`Нет соединения с интернетом. Оформить и оплатить заказ можно только онлайн: корзина сохранена, вернитесь к ней, когда сеть появится`,
  signIn: msg`Сессия истекла. Подтвердите номер телефона ещё раз`,
  calculationFailed: msg`Не удалось получить расчёт заказа. Попробуйте ещё раз`,
  alreadyOrdered: msg`Эта корзина уже оформлена в заказ. Открываем его…`,
} as const

/** The server's key in words, or null when the checkout does not know it. */
export function serverMessage(i18n: I18n, key: string): string | null {
  const known = SERVER_MESSAGES[key]
  return known ? i18n._(known) : null
}

/**
 * The text of a failure. A key the checkout does not know is the server's description of a 400 (shown
 * as "check the data"); any other unknown failure is "something went wrong".
 */
export function failureText(
  i18n: I18n,
  failure: Failure,
  fallback = CHECKOUT_MESSAGES.somethingWentWrong,
): string {
  switch (failure.kind) {
    case 'offline':
      return i18n._(CHECKOUT_MESSAGES.offline)
    case 'signIn':
      return i18n._(CHECKOUT_MESSAGES.signIn)
    case 'priceChanged':
      return failure.sumToPay === null
        ? i18n._(msg`Сумма заказа изменилась: проверьте её и подтвердите заказ ещё раз`)
        : i18n._(
            msg`Сумма заказа изменилась: теперь ${formatMoney(failure.sumToPay)}. Проверьте её и подтвердите заказ ещё раз`,
          )
    case 'stockChanged':
      return failure.count === null
        ? i18n._(msg`Товара стало меньше, чем в заказе. Измените количество в корзине`)
        : i18n._(
            msg`Товара с артикулом ${failure.sku ?? ''} осталось ${failure.count} шт. Измените количество в корзине`,
          )
    case 'alreadyOrdered':
      return i18n._(CHECKOUT_MESSAGES.alreadyOrdered)
    case 'server':
      return serverMessage(i18n, failure.key) ?? i18n._(fallback)
    case 'generic':
      return i18n._(fallback)
  }
}

export const PAYMENT_METHOD_NAMES: Record<PaymentMethodCode, MessageDescriptor> = {
  card_payment: msg`Банковской картой онлайн`,
  kaspi_qr_payment: msg`Kaspi QR`,
  cash_payment: msg`Наличными или картой при получении`,
  cashless_payment: msg`Безналичный расчёт для организаций`,
  'loan/installment': msg`Рассрочка`,
  'loan/installment_initial_payment': msg`Рассрочка с первоначальным взносом`,
  airba_pay_credit: msg`Кредит`,
  techno_bonus: msg`Бонусы`,
  promocode: msg`Промокод`,
  gift_card: msg`Подарочная карта`,
}

export const PAYMENT_METHOD_HINTS: Partial<Record<PaymentMethodCode, MessageDescriptor>> = {
  card_payment: msg`Visa, Mastercard: на защищённой странице банка`,
  kaspi_qr_payment: msg`Отсканируйте QR-код в приложении Kaspi.kz`,
  cash_payment: msg`Оплата курьеру или в пункте выдачи`,
  cashless_payment: msg`Счёт на оплату для организации; заказ ждёт оплату 72 часа`,
  'loan/installment': msg`Рассрочка или кредит от банков-партнёров: заявка онлайн после оформления`,
  'loan/installment_initial_payment': msg`Первый взнос картой, остальное — в рассрочку от банка-партнёра`,
}

/** Why a method is not offered (the server's `reason` keys). */
const METHOD_REASONS: Record<string, MessageDescriptor> = {
  'checkout:methodNotInCity': msg`Недоступно в вашем городе`,
  'checkout:methodNotForDelivery': msg`Недоступно для выбранного способа получения`,
  'checkout:methodNotForBuyer': msg`Недоступно для этого типа покупателя`,
  'checkout:methodNeedsSignIn': msg`Доступно после входа`,
  'checkout:methodMinSum': msg`Сумма заказа меньше минимальной для этого способа`,
  'checkout:methodMaxSum': msg`Сумма заказа больше максимальной для этого способа`,
  'checkout:methodNeedsPrepayment': msg`В заказе есть товар только по предоплате`,
  'checkout:methodNotForTradein': msg`Заказ с трейд-ином оплачивается заранее картой или QR`,
}

export function methodReason(i18n: I18n, reason: string | null): string {
  const known = reason ? METHOD_REASONS[reason] : undefined
  return i18n._(known ?? msg`Недоступно для этого заказа`)
}

export const PAYMENT_STATUS_NAMES: Record<PaymentStatus, MessageDescriptor> = {
  pending: msg`Ожидает оплаты`,
  failed: msg`Оплата не прошла`,
  paid: msg`Оплачен`,
  not_required: msg`Оплата при получении`,
  refund_due: msg`Деньги будут возвращены`,
  refunded: msg`Деньги возвращены`,
}

export const ORDER_STATUS_NAMES: Record<OrderStatus, MessageDescriptor> = {
  NEW: msg`Новый`,
  PAYMENT_PENDING: msg`Ожидает оплаты`,
  PROCESSING: msg`В обработке`,
  ASSEMBLING: msg`Собирается`,
  READY_FOR_PICKUP: msg`Готов к выдаче`,
  DELIVERING: msg`Доставляется`,
  COMPLETED: msg`Выполнен`,
  CANCELLED: msg`Отменён`,
  REFUNDED: msg`Возвращён`,
}
