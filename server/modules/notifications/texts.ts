import type { Lang } from '../../../contract/common'
import type { OrderStatus } from '../../../contract/values/account-area'
import type { NotificationKind } from '../../../contract/values/notifications'
import type { StoredPayload } from './payloads'

/**
 * The words of each kind in Russian and Kazakh. They are written when the list is read, in the language
 * the shopper reads it in, so one notification reads right after the shopper switches languages.
 */

const NBSP = '\u00a0'
/** `12345` → `12 345 ₸`, as the store prints money everywhere (no-break spaces). */
export const tenge = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)}${NBSP}₸`

const ORDER_STATUS_NAMES: Record<OrderStatus, Record<Lang, string>> = {
  NEW: { ru: 'принят', kk: 'қабылданды' },
  PAYMENT_PENDING: { ru: 'ожидает оплаты', kk: 'төлемді күтуде' },
  PROCESSING: { ru: 'передан в обработку', kk: 'өңдеуге берілді' },
  ASSEMBLING: { ru: 'собирается на складе', kk: 'қоймада жиналуда' },
  READY_FOR_PICKUP: { ru: 'готов к выдаче', kk: 'беруге дайын' },
  DELIVERING: { ru: 'передан в доставку', kk: 'жеткізуге берілді' },
  COMPLETED: { ru: 'получен', kk: 'алынды' },
  CANCELLED: { ru: 'отменён', kk: 'күші жойылды' },
  REFUNDED: { ru: 'возвращён, деньги возвращены', kk: 'қайтарылды, ақшасы қайтарылды' },
}

interface Words {
  title: string
  text: string
}

type Writer<K extends NotificationKind> = (payload: StoredPayload<K>, lang: Lang) => Words

const WRITERS: { [K in NotificationKind]: Writer<K> } = {
  order_status: (p, lang) => {
    const status = ORDER_STATUS_NAMES[p.status][lang]
    if (p.reason === 'payment_expired')
      return lang === 'kk'
        ? {
            title: `№${NBSP}${p.number} тапсырыстың күші жойылды`,
            text: 'Төлем уақыты өтіп кетті: тауарлар сатылымға қайтарылды, бонустар мен сертификаттар шотыңызға оралды.',
          }
        : {
            title: `Заказ №${NBSP}${p.number} отменён`,
            text: 'Время на оплату истекло: товары вернулись в продажу, бонусы и сертификаты — на ваш счёт.',
          }
    return lang === 'kk'
      ? { title: `№${NBSP}${p.number} тапсырыстың мәртебесі`, text: `Тапсырыс ${status}.` }
      : { title: `Статус заказа №${NBSP}${p.number}`, text: `Заказ ${status}.` }
  },
  payment_succeeded: (p, lang) =>
    lang === 'kk'
      ? {
          title: `№${NBSP}${p.number} тапсырыс төленді`,
          text: `${tenge(p.amount)} төлемі сәтті өтті. Тапсырыс өңдеуге берілді.`,
        }
      : {
          title: `Заказ №${NBSP}${p.number} оплачен`,
          text: `Оплата ${tenge(p.amount)} прошла успешно. Заказ передан в обработку.`,
        },
  payment_failed: (p, lang) =>
    lang === 'kk'
      ? {
          title: `№${NBSP}${p.number} тапсырыстың төлемі өтпеді`,
          text: 'Тапсырыс төлемді күтуде: қайта төлеп көріңіз немесе басқа картаны пайдаланыңыз.',
        }
      : {
          title: `Оплата заказа №${NBSP}${p.number} не прошла`,
          text: 'Заказ ждёт оплаты: попробуйте оплатить ещё раз или другой картой.',
        },
  review_approved: (p, lang) =>
    lang === 'kk'
      ? {
          title: 'Пікіріңіз жарияланды',
          text: `«${p.productTitleKk ?? p.productTitle}» туралы пікіріңіз модерациядан өтіп, тауар бетінде жарияланды.`,
        }
      : {
          title: 'Ваш отзыв опубликован',
          text: `Отзыв о товаре «${p.productTitle}» прошёл модерацию и опубликован на странице товара.`,
        },
  review_rejected: (p, lang) =>
    lang === 'kk'
      ? {
          title: 'Пікіріңіз қабылданбады',
          text: `«${p.productTitleKk ?? p.productTitle}» туралы пікіріңіз модерациядан өтпеді. Оны түзетіп, қайта жіберуге болады.`,
        }
      : {
          title: 'Ваш отзыв отклонён',
          text: `Отзыв о товаре «${p.productTitle}» не прошёл модерацию. Его можно исправить и отправить снова.`,
        },
  wishlist_price_drop: (p, lang) =>
    lang === 'kk'
      ? {
          title: 'Таңдаулыдағы тауардың бағасы төмендеді',
          text: `«${p.productTitleKk ?? p.productTitle}» енді ${tenge(p.oldPrice)} орнына ${tenge(p.price)} тұрады.`,
        }
      : {
          title: 'Цена на товар из избранного снижена',
          text: `«${p.productTitle}» теперь стоит ${tenge(p.price)} вместо ${tenge(p.oldPrice)}.`,
        },
  wishlist_back_in_stock: (p, lang) =>
    lang === 'kk'
      ? {
          title: 'Таңдаулыдағы тауар қайтадан сатылымда',
          text: `«${p.productTitleKk ?? p.productTitle}» қалаңызда қайтадан сатылымда бар.`,
        }
      : {
          title: 'Товар из избранного снова в наличии',
          text: `«${p.productTitle}» снова в наличии в вашем городе.`,
        },
  preorder_arrived: (p, lang) =>
    lang === 'kk'
      ? {
          title: 'Күткен тауарыңыз келді',
          text: `«${p.productTitleKk ?? p.productTitle}» қалаңызда сатылымға түсті: оны себетке қосып, тапсырыс беруге болады.`,
        }
      : {
          title: 'Товар, который вы ждали, поступил',
          text: `«${p.productTitle}» поступил в продажу в вашем городе: его можно добавить в корзину и заказать.`,
        },
}

const LINKS: { [K in NotificationKind]: (payload: StoredPayload<K>) => string | null } = {
  order_status: (p) => `/my-account/orders/${p.orderId}`,
  payment_succeeded: (p) => `/my-account/orders/${p.orderId}`,
  payment_failed: (p) => `/my-account/orders/${p.orderId}`,
  review_approved: (p) => `/my-account/reviews/${encodeURIComponent(p.reviewId)}`,
  review_rejected: (p) => `/my-account/reviews/${encodeURIComponent(p.reviewId)}`,
  wishlist_price_drop: (p) => `/p/${encodeURIComponent(p.uri)}`,
  wishlist_back_in_stock: (p) => `/p/${encodeURIComponent(p.uri)}`,
  preorder_arrived: (p) => `/p/${encodeURIComponent(p.uri)}`,
}

/** The title, text and page of one notification in the given language. */
export function describe<K extends NotificationKind>(
  kind: K,
  payload: StoredPayload<K>,
  lang: Lang,
): Words & { link: string | null } {
  return { ...WRITERS[kind](payload, lang), link: LINKS[kind](payload) }
}
