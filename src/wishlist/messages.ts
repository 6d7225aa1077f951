import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { WISHLIST_ERROR_KEYS } from '../../contract/values/wishlist'
import { isApiError } from '../data/api-error'

/** The wishlist's toasts: the spec's error texts (browsing 5, 8) and the store's own. */
export const WISHLIST_MESSAGES = {
  /** common:productAlmostInFavoriteList */
  alreadyInList: msg`Товар уже в избранном`,
  /** errors:haveToBeAuthForWishes */
  haveToBeAuth: msg`Чтобы добавлять товары в избранное, войдите в свой аккаунт`,
  /** errors:tryLater */
  tryLater: msg`Что-то пошло не так. Попробуйте позже`,
  tooManyItems: msg`В избранном не может быть больше 500 товаров`,
  noConnection: msg`Нет соединения с интернетом. Попробуйте, когда сеть вернётся.`,
  queued: msg`Нет сети: избранное обновится, когда сеть вернётся`,
  failedToLoad: msg`Не удалось загрузить избранное`,
} as const

/**
 * The text for a refused add (spec browsing 5, 8): 422 says the product is there already; any other
 * failure of a signed-out shopper asks them to sign in; a signed-in shopper is asked to try later.
 */
export function addErrorText(i18n: I18n, error: unknown, signedIn: boolean): string {
  if (isApiError(error, 422)) {
    return i18n._(
      error.messageKey === WISHLIST_ERROR_KEYS.tooManyItems
        ? WISHLIST_MESSAGES.tooManyItems
        : WISHLIST_MESSAGES.alreadyInList,
    )
  }
  if (!signedIn || isApiError(error, 401)) return i18n._(WISHLIST_MESSAGES.haveToBeAuth)
  return i18n._(WISHLIST_MESSAGES.tryLater)
}
