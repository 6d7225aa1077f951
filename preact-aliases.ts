/**
 * The store runs on preact/compat (issue 3: react-dom alone is ~60 KB gzipped of a product page's JS).
 * The code and its libraries keep importing React; the build points those imports at preact, in the
 * browser and in the server's page renderer alike, so the server's markup is what the browser hydrates.
 * The client tests (vitest.config.ts) run on it too.
 */
export const PREACT_FOR_REACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
]
