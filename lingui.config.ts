import { defineConfig } from '@lingui/conf'

/*
 * Every page loads `messages` with the app, so what a product or category page carries stays within the
 * JavaScript budget (scripts/check-js-budget.ts counts it). The texts of pages and parts only some visits
 * need are catalogues of their own, loaded with them (src/i18n/feature-messages.ts): the checkout's
 * (checkout, payment, order pages), the order page's (orders: its timeline, actions, documents, delivery and pickup), the reviews' (the product page's tab, the account's reviews), the
 * comparison page's, the account area's (with its guest offer), the wishlist
 * page's, the cart page's, sign-in's (which the checkout's phone step uses too), the PC
 * configurator's, the offline parts' (banner, install offer, save for offline), the back office's and
 * the support chat's (its button comes after the page).
 */
const FEATURES = [
  'checkout',
  'orders',
  'reviews',
  'compare',
  'account',
  'wishlist',
  'cart',
  'auth',
  'configurator',
  'offline',
  'admin',
  'support',
]
/** Parts of shared folders whose texts belong to a feature's catalogue (code that comes lazily with it). */
const ALSO: Record<string, string[]> = { compare: ['<rootDir>/src/compare/compare-click.ts'] }

export default defineConfig({
  sourceLocale: 'ru',
  locales: ['ru', 'kk'],
  fallbackLocales: { default: 'ru' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      // a test names a feature's text to check it is loaded from that feature's catalogue
      exclude: [
        '<rootDir>/src/**/*.test.{ts,tsx}',
        ...FEATURES.flatMap((name) => [`<rootDir>/src/features/${name}/**`, ...(ALSO[name] ?? [])]),
      ],
    },
    ...FEATURES.map((name) => ({
      path: `<rootDir>/src/locales/{locale}/${name}`,
      include: [`<rootDir>/src/features/${name}`, ...(ALSO[name] ?? [])],
    })),
  ],
})
