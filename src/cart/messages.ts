import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { CART_ERROR_KEYS } from '../../contract/values/cart'
import { isApiError } from '../data/api-error'

/** The cart's own toasts (purchase flow 8). */
export const CART_MESSAGES = {
  productsSuccessfullyAdded: msg`Товары успешно добавлены в корзину`,
  failedToGetCartData: msg`Не удалось получить данные корзины`,
  failedToCompleteTheOperation: msg`Не удалось выполнить операцию`,
  failedToCreateCart: msg`Не удалось создать корзину`,
  noConnection: msg`Нет соединения с интернетом. Попробуйте, когда сеть вернётся.`,
  queued: msg`Нет сети: изменение применится, когда сеть вернётся`,
} as const

/** The server's message keys of the cart and its benefits, in the shopper's language. */
const ERROR_MESSAGES: Record<string, MessageDescriptor> = {
  [CART_ERROR_KEYS.notFound]: msg`Корзина не найдена`,
  [CART_ERROR_KEYS.forbidden]: msg`Эта корзина вам недоступна`,
  [CART_ERROR_KEYS.productNotFound]: msg`Товар не найден`,
  [CART_ERROR_KEYS.serviceWithoutProduct]: msg`Услугу можно добавить только вместе с товаром`,
  [CART_ERROR_KEYS.maxOrderSum]: msg`Сумма заказа не может превышать 2 000 000 ₸`,
  [CART_ERROR_KEYS.tooManyLines]: msg`В корзине слишком много товаров`,
  [CART_ERROR_KEYS.promoCodeNotFound]: msg`Такого промокода нет`,
  [CART_ERROR_KEYS.promoCodeExpired]: msg`Срок действия промокода истёк`,
  [CART_ERROR_KEYS.promoCodeNotStarted]: msg`Промокод ещё не действует`,
  [CART_ERROR_KEYS.promoCodeLimitReached]: msg`Промокод больше нельзя использовать`,
  [CART_ERROR_KEYS.promoCodeNotApplicable]: msg`Промокод не действует на товары в корзине`,
  [CART_ERROR_KEYS.promoCodeForeign]: msg`Этот промокод выдан другому покупателю`,
  [CART_ERROR_KEYS.promoCodeMinSum]: msg`Сумма заказа меньше минимальной для этого промокода`,
  [CART_ERROR_KEYS.giftCardNotFound]: msg`Подарочная карта не найдена`,
  [CART_ERROR_KEYS.giftCardNoBalance]: msg`На подарочной карте не осталось средств`,
  [CART_ERROR_KEYS.giftCardExpired]: msg`Срок действия подарочной карты истёк`,
  [CART_ERROR_KEYS.bonusUnauthorized]: msg`Бонусы доступны после входа`,
  [CART_ERROR_KEYS.bonusTooMany]: msg`Столько бонусов списать нельзя`,
  [CART_ERROR_KEYS.promotionNotFound]: msg`Акция больше не действует`,
  [CART_ERROR_KEYS.promotionChoiceInvalid]: msg`Этот товар нельзя выбрать в акции`,
  [CART_ERROR_KEYS.sharedCartNotFound]: msg`Ссылка на корзину устарела или неверна`,
  [CART_ERROR_KEYS.idempotencyInProgress]: msg`Запрос уже выполняется`,
  'errors:noConnection': CART_MESSAGES.noConnection,
}

/** Purchase flow 8: a 409 on add says how many the city holds ("available in total {count}"). */
export function availableCount(error: unknown): number | null {
  if (!isApiError(error, 409)) return null
  const count = (error.details as { count?: unknown } | undefined)?.count
  return typeof count === 'number' ? count : null
}

/** The text for a failed cart call: the stock left, the server's key when known, or the generic failure. */
export function cartErrorText(i18n: I18n, error: unknown): string {
  const count = availableCount(error)
  if (count !== null) return i18n._(msg`Всего в наличии ${count} шт.`)
  if (isApiError(error)) {
    const known = ERROR_MESSAGES[error.messageKey] ?? ERROR_MESSAGES[error.code]
    if (known) return i18n._(known)
  }
  return i18n._(CART_MESSAGES.failedToCompleteTheOperation)
}
