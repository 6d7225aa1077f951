import { lingui } from '@lingui/vite-plugin'
import { linguiMacro } from './lingui-macro'
import react from '@vitejs/plugin-react'
import { createRequire } from 'node:module'
import path from 'node:path'
import { defineConfig } from 'vitest/config'
import { PREACT_FOR_REACT } from './preact-aliases'

const require = createRequire(import.meta.url)
// Testing Library's CommonJS build would require real React; its ES build goes through the aliases.
const TESTING_LIBRARY_ESM = path.join(
  path.dirname(require.resolve('@testing-library/react/package.json')),
  'dist/@testing-library/react.esm.js',
)

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify('test') },
  plugins: [react(), linguiMacro(), lingui()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          // The components are tested on the runtime the store ships: preact/compat.
          alias: [
            { find: /^@testing-library\/react$/, replacement: TESTING_LIBRARY_ESM },
            { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
            ...PREACT_FOR_REACT,
          ],
          server: { deps: { inline: true } },
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: ['use-sync-external-store/shim/with-selector', 'use-sync-external-store/shim'],
              },
            },
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          globalSetup: ['./server/test/global-setup.ts'],
        },
      },
    ],
  },
})
