import { execSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { lingui } from '@lingui/vite-plugin'
import { linguiMacro } from './lingui-macro'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
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

/**
 * The files of this build under assets/. A build writes beside the last ones instead of emptying dist/
 * (a page still running an older version loads that version's chunks until it reloads; see "Updates" in
 * the README): the precache lists this build's files only, and scripts/prune-assets.ts removes files no
 * kept build lists.
 */
const thisBuildAssets = new Set<string>()

function buildInfo(): Plugin {
  return {
    name: 'storefront-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ buildId: BUILD_ID }) })
    },
    // Once every plugin has emitted its files (the stylesheet comes in Vite's own generateBundle).
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle))
        if (fileName.startsWith('assets/')) thisBuildAssets.add(fileName)
      const dir = path.join(options.dir ?? 'dist', 'builds')
      mkdirSync(dir, { recursive: true })
      const list = {
        buildId: BUILD_ID,
        builtAt: new Date().toISOString(),
        assets: [...thisBuildAssets].sort(),
      }
      writeFileSync(path.join(dir, `${BUILD_ID}.json`), JSON.stringify(list))
    },
  }
}

const pwa = VitePWA({
  ...pwaOptions,
  injectManifest: {
    ...pwaOptions.injectManifest,
    // dist/assets also holds the chunks of earlier builds kept for pages still running them.
    manifestTransforms: [
      (entries) => ({
        manifest: entries.filter((e) => !e.url.startsWith('assets/') || thisBuildAssets.has(e.url)),
        warnings: [],
      }),
    ],
  },
})

const SERVER = `http://127.0.0.1:${process.env.PORT ?? 3000}`

// `vite build --ssr` builds the page renderer the server imports (src/entry-server.tsx) into dist-ssr/,
// which is not served: the PWA, its service worker and build id come from the client build alone.
// altcha-lib is the captcha's solver, imported lazily by sign-in: in the shared vendor chunk it was 1.4 KB
// on every page's first load
const VENDOR =
  /[\\/]node_modules[\\/](?!workbox-window[\\/])(?!altcha-lib[\\/])(?!.*[\\/](?:useQueries|queriesObserver)\.js$)/

/**
 * The app's own modules every page runs (src/main.tsx and what it imports statically), in one chunk. Left
 * alone, each module the app shares with a page's lazily loaded chunk became a chunk of its own: the
 * category page loaded 54 files, a third of them under half a kilobyte, each compressed on its own and
 * naming its imports and exports. In one chunk the category page loads 20 files and 165.7 KB gzipped
 * instead of 54 and 175.4 KB, the product page 161.9 KB instead of 171.5 (`npm run build`).
 */
const APP_ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url))
let appShell: Set<string> | undefined
/** What rolldown's chunking tells a group's `name` of the module graph (its ChunkingContext). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null
}
function appShellChunk(id: string, context: ModuleGraph): string | null {
  if (!appShell) {
    appShell = new Set()
    const queue = [APP_ENTRY]
    while (queue.length > 0) {
      const next = queue.pop() as string
      const info = appShell.has(next) ? null : context.getModuleInfo(next)
      if (!info) continue
      appShell.add(next)
      queue.push(...info.importedIds)
    }
  }
  // Vite's own modules (`\0vite/preload-helper.js`, which the first script's dynamic import uses) stay in
  // the first script's chunk: in the app's chunk they made it fetch the app and the libraries as soon as
  // it ran, and in a chunk of their own they were one more request on the way to the first paint.
  return id !== APP_ENTRY && appShell.has(id) && !id.startsWith('\0') && !/[\\/]node_modules[\\/]/.test(id)
    ? 'app'
    : null
}

export default defineConfig(({ command, isSsrBuild }) => ({
  define: {
    __BUILD_ID__: JSON.stringify(BUILD_ID),
    // A build is a production build whatever NODE_ENV the shell has (`NODE_ENV=development npm start`):
    // React's development build in the bundle would be slower and would not hydrate the same markup.
    ...(command === 'build' && { 'process.env.NODE_ENV': JSON.stringify('production') }),
  },
  // The page renderer bundles its libraries, so the server imports one self-contained module (and one
  // copy of React, the one the renderer's code was built against).
  ssr: { noExternal: true },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    linguiMacro(),
    lingui(),
    ...(isSsrBuild ? [] : [pwa, buildInfo()]),
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
        // Earlier builds' chunks stay for the pages still running them (scripts/prune-assets.ts).
        emptyOutDir: false,
        sourcemap: true,
        assetsInlineLimit: 0,
        cssCodeSplit: false,
        manifest: true,
        // No `<link rel=modulepreload>`s: a dynamic import gets its chunks by the browser following the
        // imports. Each link a dynamic import appended cost the main thread 0.4 ms on this machine and
        // some 2 ms on a slow phone, ten to thirty at a time (the page's own route while it hydrates,
        // the app's code after the load event). They would save a round trip per level of imports,
        // and only until the service worker has precached every chunk on the first visit.
        modulePreload: false,
        rolldownOptions: {
          output: {
            advancedChunks: {
              // A group takes only the modules its test names, not what they import: otherwise the app's
              // group pulled Vite's import helper (above) out of the first script's chunk.
              includeDependenciesRecursively: false,
              // Libraries every page shares, in one chunk. Left to the chunks of the pages that use them:
              // the service worker's registration (workbox-window), which comes after the page, and
              // react-query's `useQueries`, which only the comparison page uses (0.8 KB gzipped the
              // category page would carry over its budget otherwise).
              groups: [{ name: 'vendor', test: VENDOR }, { name: appShellChunk }],
            },
          },
        },
      },
}))
