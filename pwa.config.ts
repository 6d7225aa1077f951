import type { VitePWAOptions } from 'vite-plugin-pwa'

/** The brand colour of the logo, the browser's toolbar and the splash screen; the icons use the same. */
export const THEME_COLOR = '#1746d1'
export const BACKGROUND_COLOR = '#ffffff'

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  scope: '/',
  // 'prompt': a new version waits until the shopper agrees to reload, so a half-filled form is never lost.
  registerType: 'prompt',
  // src/pwa/register.ts registers the worker; the CSP forbids the inline script the plugin would add.
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Техно магазин — электроника и бытовая техника',
    short_name: 'Техно магазин',
    description:
      'Смартфоны, ноутбуки, телевизоры и бытовая техника с доставкой по Казахстану. Каталог и корзина работают и без сети.',
    lang: 'ru',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    categories: ['shopping'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      // The logo inside the safe zone, on a full square of the brand colour: the launcher cuts the shape.
      { src: '/icons/icon-192-maskable.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    // A long press on the installed icon (scripts/make-icons.ts draws their glyphs).
    shortcuts: [
      {
        name: 'Поиск товаров',
        short_name: 'Поиск',
        url: '/search',
        icons: [{ src: '/icons/shortcut-search-96.png', sizes: '96x96', type: 'image/png' }],
      },
      {
        name: 'Каталог',
        short_name: 'Каталог',
        url: '/catalog',
        icons: [{ src: '/icons/shortcut-catalog-96.png', sizes: '96x96', type: 'image/png' }],
      },
      {
        name: 'Корзина',
        short_name: 'Корзина',
        url: '/cart',
        icons: [{ src: '/icons/shortcut-cart-96.png', sizes: '96x96', type: 'image/png' }],
      },
      {
        name: 'Мои заказы',
        short_name: 'Заказы',
        url: '/my-account/orders-list',
        icons: [{ src: '/icons/shortcut-orders-96.png', sizes: '96x96', type: 'image/png' }],
      },
    ],
    // Chrome's richer install dialog shows these: the store itself, taken from a running build
    // (taken with Playwright from the journeys' store: phone 412x915 at 2x, desktop 1366x768).
    screenshots: [
      {
        src: '/screenshots/phone-catalog.png',
        sizes: '824x1830',
        type: 'image/png',
        form_factor: 'narrow',
        label: 'Каталог смартфонов на телефоне',
      },
      {
        src: '/screenshots/phone-product.png',
        sizes: '824x1830',
        type: 'image/png',
        form_factor: 'narrow',
        label: 'Страница товара с ценой и доставкой',
      },
      {
        src: '/screenshots/desktop-catalog.png',
        sizes: '1366x768',
        type: 'image/png',
        form_factor: 'wide',
        label: 'Каталог с фильтрами на компьютере',
      },
    ],
  },
  injectManifest: {
    // A classic script: every browser that has service workers can run it, module workers are newer.
    rollupFormat: 'iife',
    // Lingui's compiled catalogs and the router's lazy route chunks are plain .js in assets/, so a locale
    // switch or a first visit to a route works offline too.
    globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
    // build.json must always come from the network: it is how a page learns a new build is out. The
    // plugin adds manifest.webmanifest to the precache itself, with its own revision. The builds' file
    // lists and the manifest's screenshots (only the install dialog shows them) are not precached.
    globIgnores: ['**/node_modules/**', 'build.json', 'builds/**', 'screenshots/**', 'manifest.webmanifest'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  devOptions: { enabled: false },
}
