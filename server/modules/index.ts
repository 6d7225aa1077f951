import { defineModule } from '../http/types'
import { accountModule } from './account/routes'
import { catalogModule } from './catalog'
import { catalogImportModule } from './catalog-import'
import { checkoutModule } from './checkout/routes'
import { configuratorModule } from './configurator'
import { deliverablesModule } from './deliverables/routes'
import { documentsModule } from './documents/routes'
import { healthModule } from './health/routes'
import { mediaModule } from './media'
import { inventoryModule } from './inventory/routes'
import { menuModule } from './menu/routes'
import { searchModule } from './search/routes'
import { seoModule } from './seo/routes'
import { actionerModule } from './actioner/routes'
import { addressesModule } from './addresses/routes'
import { auditModule } from './audit'
import { bonusModule } from './bonus'
import { brokerModule } from './broker'
import { cartModule } from './cart'
import { flagsModule } from './flags/routes'
import { loansModule } from './loans/routes'
import { marketingModule } from './marketing/routes'
import { notificationsModule } from './notifications'
import { ordersModule } from './orders/routes'
import { paymentCardsModule } from './payment-cards/routes'
import { pricingModule } from './pricing'
import { promotionsModule } from './promotions/routes'
import { pushModule } from './push'
import { supportChatModule } from './support-chat'
import { tradeinModule } from './tradein/routes'
import { receiversModule } from './receivers/routes'
import { reviewsModule, type ReviewModerated } from './reviews'
import { staffModule } from './staff'
import { backOfficeModule } from './back-office'
import type { App } from '../http/types'
import { wishlistModule } from './wishlist'

/** Every service module of the store, with the modules whose services it uses; `buildApp` registers them. */
export const modules = [
  defineModule('health', healthModule),
  defineModule('audit', auditModule),
  defineModule('media', mediaModule),
  defineModule('catalog', catalogModule),
  defineModule('search', searchModule, ['catalog']),
  defineModule('menu', menuModule, ['catalog']),
  defineModule('inventory', inventoryModule),
  defineModule('seo', seoModule, ['catalog']),
  defineModule('addresses', addressesModule),
  defineModule('receivers', receiversModule),
  defineModule('payment-cards', paymentCardsModule),
  defineModule('account', accountModule, ['audit', 'addresses', 'receivers', 'payment-cards']),
  // the back office's staff accounts; its `requireStaff` reads shoppers' tokens to refuse them (403)
  defineModule('staff', staffModule, ['account', 'audit']),
  defineModule('bonus', bonusModule),
  defineModule('pricing', pricingModule, ['catalog']),
  defineModule('cart', cartModule, ['catalog', 'pricing']),
  defineModule('marketing', marketingModule, ['cart', 'pricing']),
  defineModule('promotions', promotionsModule, ['catalog', 'cart', 'pricing']),
  defineModule('loans', loansModule, ['cart', 'pricing']),
  defineModule('tradein', tradeinModule, ['cart', 'pricing']),
  defineModule('flags', flagsModule),
  defineModule('actioner', actionerModule),
  defineModule('notifications', notificationsModule),
  defineModule('checkout', checkoutModule, [
    'audit',
    'cart',
    'inventory',
    'payment-cards',
    'account',
    'notifications',
  ]),
  defineModule('orders', ordersModule, ['audit', 'cart', 'checkout', 'inventory', 'notifications']),
  defineModule('documents', documentsModule, ['cart', 'checkout', 'staff', 'audit']),
  defineModule('broker', brokerModule, ['account', 'checkout']),
  defineModule('deliverables', deliverablesModule, ['checkout']),
  defineModule('reviews', reviewsModule({ onModerated: tellReviewer }), [
    'audit',
    'media',
    'account',
    'notifications',
  ]),
  defineModule('wishlist', wishlistModule, ['catalog', 'account', 'notifications']),
  defineModule('configurator', configuratorModule, ['catalog', 'account']),
  defineModule('push', pushModule, ['account', 'notifications']),
  // the back office's orders, promotions and reviews (its documents are the documents module's)
  defineModule('back-office', backOfficeModule, ['staff', 'audit', 'orders', 'checkout', 'reviews']),
  defineModule('catalog-import', catalogImportModule, ['catalog', 'audit', 'staff']),
  defineModule('support-chat', supportChatModule, ['media', 'account', 'cart', 'orders', 'staff', 'audit']),
]

/** The reviewer hears of the moderator's decision in the information centre. */
function tellReviewer(app: App) {
  return async (event: ReviewModerated) => {
    await app.notify(event.userId, event.status === 'APPROVED' ? 'review_approved' : 'review_rejected', {
      reviewId: String(event.reviewId),
      sku: event.productSku,
      productTitle: event.productTitle.ru,
      productTitleKk: event.productTitle.kk || undefined,
    })
  }
}
