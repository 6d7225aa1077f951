import { defineConfig } from '@lingui/conf'

/*
 * Two catalogues per language. Every page loads `messages` with the app, so what a product or category
 * page carries stays within the JavaScript budget (scripts/check-js-budget.ts counts it); the checkout's
 * texts (checkout, payment, order pages) are `checkout`, loaded by those routes with their code
 * (src/features/checkout/messages-loader.ts); the reviews' texts are `reviews`, loaded with the reviews tab
 * and the account's reviews pages (src/features/reviews/messages-loader.ts).
 */
export default defineConfig({
  sourceLocale: 'ru',
  locales: ['ru', 'kk'],
  fallbackLocales: { default: 'ru' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['<rootDir>/src/features/checkout/**', '<rootDir>/src/features/reviews/**'],
    },
    { path: '<rootDir>/src/locales/{locale}/checkout', include: ['<rootDir>/src/features/checkout'] },
    { path: '<rootDir>/src/locales/{locale}/reviews', include: ['<rootDir>/src/features/reviews'] },
  ],
})
