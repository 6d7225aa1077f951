import { execSync } from 'node:child_process'
import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { PREACT_FOR_REACT } from './preact-aliases'
import { pwaOptions } from './pwa.config'

function gitSha(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()
  } catch {
    return 'nogit'
  }
}

/** One id per build: busts the persisted query cache and tells the server which shell it serves. */
const BUILD_ID = process.env.BUILD_ID ?? `${gitSha()}-${Date.now().toString(36)}`

function buildInfo(): Plugin {
  return {
    name: 'storefront-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ buildId: BUILD_ID }) })
    },
  }
}

/** Chunks main imports statically (found by `appChunks` before the preloads are written). */
const loadedWithMain = new Set<string>()

/**
 * Every chunk the app's entry (main) imports statically: loaded before any of its own dynamic imports
 * run, so those need no preload for them.
 */
function appChunks(): Plugin {
  return {
    name: 'storefront-app-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const main = Object.values(bundle).find((c) => c.type === 'chunk' && c.name === 'main')
      if (!main || main.type !== 'chunk') return
      const visit = (fileName: string) => {
        if (loadedWithMain.has(fileName)) return
        loadedWithMain.add(fileName)
        const chunk = bundle[fileName]
        if (chunk?.type === 'chunk') chunk.imports.forEach(visit)
      }
      visit(main.fileName)
    },
  }
}

/**
 * The `<link rel=modulepreload>`s a dynamic import appends, one per chunk it needs: each costs a slow
 * phone a millisecond or more of main thread, and a route or a lazy part of the page appended fifteen
 * to twenty-five of them for chunks main had loaded long before.
 * - The app's own code (src/boot.ts importing main): none. Appending some thirty links while the
 *   page's load event runs blocked a slow phone for a third of a second, and the browser finds the same
 *   chunks by parsing main's imports.
 * - Any later import: only the chunks main did not load.
 */
function preloadDependencies(filename: string, deps: string[]): string[] {
  if (/(^|\/)(main|runtime-stage)-[^/]*\.js$/.test(filename)) return []
  return deps.filter((dep) => !loadedWithMain.has(dep))
}

const SERVER = `http://127.0.0.1:${process.env.PORT ?? 3000}`

// `vite build --ssr` builds the page renderer the server imports (src/entry-server.tsx) into dist-ssr/,
// which is not served: the PWA, its service worker and build id come from the client build alone.
export default defineConfig(({ isSsrBuild }) => ({
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  resolve: { alias: PREACT_FOR_REACT },
  // Libraries left to Node's own import would load real React beside preact: the renderer bundles them.
  ssr: { noExternal: true },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    ...(isSsrBuild ? [] : [VitePWA(pwaOptions), buildInfo(), appChunks()]),
  ],
  server: {
    port: 5173,
    proxy: {
      '^/(api|dev|[^/]+/api)(/|$)': { target: SERVER, changeOrigin: false },
    },
  },
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist-ssr', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : // One stylesheet for the whole store (13 KB gzipped): a server-rendered page is styled before any
      // script runs, whatever route it is. The manifest tells scripts/check-js-budget.ts which chunks
      // each page loads.
      {
        target: 'es2022',
        sourcemap: true,
        assetsInlineLimit: 0,
        cssCodeSplit: false,
        manifest: true,
        modulePreload: { polyfill: false, resolveDependencies: preloadDependencies },
        rolldownOptions: {
          output: { advancedChunks: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/ }] } },
        },
      },
}))
