import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import layers from './eslint/layers.js'

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'data',
      'node_modules',
      'src/routeTree.gen.ts',
      'test-results',
      'playwright-report',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Issue 3: zod would be in every page's JavaScript. The server already validates its answers with the
    // contract's schemas, so the browser code takes only their types; the plain values it needs live in
    // contract/values/, which is free of zod.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...['@lingui/core/macro', '@lingui/react/macro'].map((name) => ({
              name,
              importNames: ['plural', 'Plural', 'selectOrdinal', 'SelectOrdinal'],
              message:
                'It formats its number with Intl.NumberFormat, 60-100 ms on a slow phone: `select` over pluralForm() (src/i18n/plural-form.ts).',
            })),
          ],
          patterns: [
            {
              regex: '^zod(/|$)',
              allowTypeImports: true,
              message: 'Browser code does without zod (issue 3): use `import type`, or a guard of its own.',
            },
            {
              regex: '(^|/)contract/(?!values/)[^/]+$',
              allowTypeImports: true,
              message:
                'contract/*.ts builds zod schemas: import its types with `import type`, and plain values from contract/values/.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        ...['NumberFormat', 'DateTimeFormat'].map((property) => ({
          object: 'Intl',
          property,
          message:
            'Its first use costs a slow phone 50-100 ms of main thread: formatNumber/formatMoney (src/i18n/format.ts), storeTime (src/i18n/store-clock.ts).',
        })),
      ],
    },
  },
  {
    // the one place Intl's clock is asked, for zones and dates the arithmetic does not cover
    files: ['src/i18n/store-clock.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['contract/values/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^zod(/|$)',
              message: 'contract/values/ is what the browser imports: it stays free of zod.',
            },
            { regex: '^\\.\\./', message: 'contract/values/ must not import the zod schemas of contract/.' },
          ],
        },
      ],
    },
  },
  {
    // Issue 19: the browser code's layers, one way down (README, "Layers of the browser code"). Each folder of
    // src/ lists what it may import besides itself; a feature imports another only through its index.ts;
    // only tests import src/testing. A folder missing here is an error until it is given its place.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { storefront: layers },
    rules: {
      'storefront/layers': [
        'error',
        {
          root: import.meta.dirname,
          may: (() => {
            const base = ['atoms', 'data', 'ui', 'i18n', 'locales', 'url', 'head', 'contract']
            const shared = ['cart', 'compare', 'listing', 'page', 'pwa', 'session', 'wishlist']
            return {
              // entry points and the composition root: the router, the app, the server render's start
              main: ['*'],
              'entry-server': ['*'],
              boot: ['main', 'styles'],
              // the back office's entry and router (src/main.tsx starts it for /admin addresses)
              admin: ['features', ...base],
              'test-setup': ['*'],
              'vite-env': [],
              app: ['*'],
              testing: ['*'],
              sw: ['data', 'url', 'contract'],
              // A route picks the modules its page needs, so the router splits the page's code from its
              // loader; a route importing a feature's index would put the whole feature in one chunk. Routes
              // never import app/: the router there imports the route tree, and the folders would circle.
              routes: ['features', ...shared, ...base],
              features: ['features', ...shared, ...base],
              // shared client parts: what several features use
              listing: ['cart', 'compare', 'wishlist', ...base],
              cart: ['session', ...base],
              compare: base,
              wishlist: ['session', ...base],
              session: base,
              page: base,
              pwa: base,
              // the bottom: client state, API client and outbox, design system, text, addresses, page head
              atoms: ['data', 'contract'],
              data: ['contract'],
              ui: ['i18n', 'contract'],
              i18n: ['locales', 'contract'],
              locales: [],
              url: ['contract'],
              head: ['contract'],
            }
          })(),
        },
      ],
    },
  },
  ...(() => {
    // The seed writes a database; the running store only reads what is there. Start-up (server/main.ts)
    // seeds an empty database, and tests seed theirs; nothing that answers requests imports it.
    const noSeed = {
      regex: '(^|/)seed/',
      message: 'The running store does not import the seed: move what both need next to its user.',
    }
    // A module is reached through its public face (its index.ts: `../catalog`), never its files; the
    // composition root (modules/index.ts) names each module's plugin the same way.
    const intoAnotherModule = {
      regex: '^\\.\\./[^./][^/]*/',
      message: 'Reach another module through its public face (`../<module>`, its index.ts), not its files.',
    }
    const intoModules = {
      regex: '(^|/)modules/[^/]+/',
      message: 'Reach a module through its public face (`modules/<module>`), not its files.',
    }
    return [
      {
        files: ['server/modules/**/*.ts'],
        ignores: ['server/**/*.test.ts', 'server/modules/index.ts'],
        rules: { 'no-restricted-imports': ['error', { patterns: [noSeed, intoAnotherModule] }] },
      },
      {
        files: ['server/{http,lib,providers,db}/**/*.ts'],
        ignores: ['server/**/*.test.ts'],
        rules: { 'no-restricted-imports': ['error', { patterns: [noSeed, intoModules] }] },
      },
    ]
  })(),
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
)
