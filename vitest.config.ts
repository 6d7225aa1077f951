import { lingui } from '@lingui/vite-plugin'
import { linguiMacro } from './lingui-macro'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

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
          // A page test renders the router and its first page: 1-3 s each when the two cores are shared
          // with the server tests, and the first test of a file, loading the page's modules, over 5 s.
          testTimeout: 20_000,
          setupFiles: ['./src/test-setup.ts'],
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
          include: [
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'eslint/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          globalSetup: ['./server/test/global-setup.ts'],
        },
      },
    ],
  },
})
