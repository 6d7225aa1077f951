import { AsyncLocalStorage } from 'node:async_hooks'
import { pipeline, Readable, Transform, Writable } from 'node:stream'
import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import {
  attachRouterServerSsrUtils,
  getSsrStatus,
  RouterServer,
  transformReadableStreamWithRouter,
} from '@tanstack/react-router/ssr/server'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { createStore, Provider as AtomsProvider } from 'jotai'
import { StrictMode, type ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { cityIdAtom } from './atoms/city-id'
import { localeAtom } from './atoms/locale'
import { splitPathname } from './url/locale-prefix'
import { createAppRouter } from './app/router'
import { isServerRendered } from './url/server-rendered-paths'
import { createServerRender, ServerRenderContext } from './head/server-head'
import { createQueryClient, shouldPersistQuery } from './data/query-client'
import { scopeRequestContext, type RequestContext } from './data/request-context'
import { setTransport, type Transport } from './data/transport'
import { createI18n } from './i18n/i18n'

export type PageMeta = Partial<Record<'title' | 'description' | 'robots' | 'canonical', string>>

export interface RenderOptions {
  /** The request's CSP nonce, for every inline script the router and React write. */
  nonce: string
  /** A search engine or an audit (isbot): it gets the page once everything in it has rendered. */
  bot: boolean
  /** Aborts the render: before its first byte the server sends the shell; after, React ends the page. */
  signal: AbortSignal
}

export type ServerPage =
  | {
      kind: 'page'
      status: 200 | 404
      /** The page's title and meta texts, as usePageHead sets them in the browser. */
      meta: PageMeta
      lang: 'ru' | 'kk'
      /**
       * The whole document: `start` (the shell's head with the page's meta, up to `<div id="root">`), the
       * page as React streams it, then `end` (the rest of the shell, which must close with
       * `</body></html>`); the router's scripts (its state, the queries that answered after the first
       * bytes) go in between as they come. Streamed as rendered, or, for a bot, once the whole page is.
       */
      document: (start: string, end: string) => Readable
      /**
       * Once the document has ended: whether it came out whole and the same for anyone who asks the
       * address (no part failed or was cut short by the time limit, no route or query ended in an error,
       * status 200), so the server may keep it for the next shopper (`server/http/server-pages-cache.ts`).
       */
      cacheable: () => boolean
    }
  | { kind: 'redirect'; status: number; location: string }
  /** Not a page the server renders (the shopper's own pages): the client renders it from the shell. */
  | { kind: 'shell' }

/**
 * Each render's language and city for the api client (src/data/http.ts sends the language with every
 * call). It follows the render through its loaders and the queries they start, so concurrent renders
 * never see each other's; everything else a render needs is its own object (router, query client,
 * i18n, jotai store, head) handed down through React.
 */
const renderScope = new AsyncLocalStorage<RequestContext>()

/**
 * The catalogue, product and content pages rendered on the server, so the shopper sees the page before
 * any script has run. The API calls the pages make are answered in-process by `transport` (the same
 * routes, validation and errors as a browser's call). Renders run concurrently: nothing here or in the
 * app is shared between them but the transport and the language catalogs.
 */
export function createPageRenderer(transport: Transport) {
  setTransport(transport)
  scopeRequestContext(() => renderScope.getStore())
  return (url: string, options: RenderOptions): Promise<ServerPage> => {
    const { pathname } = new URL(url)
    if (!isServerRendered(pathname)) return Promise.resolve({ kind: 'shell' })
    const { locale } = splitPathname(pathname)
    return renderScope.run({ lang: locale.lang, cityId: locale.cityId }, () => renderPage(url, options))
  }
}

/** `url` is absolute: its origin is the one the shopper asked, for the page's absolute links. */
async function renderPage(url: string, { nonce, bot, signal }: RenderOptions): Promise<ServerPage> {
  const { origin, pathname, search, hash } = new URL(url)
  const { locale } = splitPathname(pathname)
  const i18n = await createI18n(locale.lang)

  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({
    // No retries, and no garbage-collection timers: the client lives as long as its render and is
    // cleared when the page's stream ends.
    queries: { ...queryClient.getDefaultOptions().queries, retry: false, gcTime: Number.POSITIVE_INFINITY },
  })
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [pathname + search + hash] }),
    // The browser restores scroll itself.
    scrollRestoration: false,
    nonce,
  })
  // The page's queries travel with the router's state (never the shopper's own data: the server has
  // none, and the filter is the one the browser's persisted cache uses), and so do the ones that answer
  // while the page streams.
  setupRouterSsrQueryIntegration({
    router,
    queryClient,
    wrapQueryClient: false,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  })
  attachRouterServerSsrUtils({ router, manifest: undefined })
  let handedOver = false
  try {
    await router.load()
    signal.throwIfAborted()
    const result = router._serverResult
    if (result?.type === 'redirect') {
      return {
        kind: 'redirect',
        status: result.redirect.status,
        location: result.redirect.headers.get('Location') ?? '/',
      }
    }
    await router.serverSsr?.dehydrate({ signal })

    const atoms = createStore()
    atoms.set(cityIdAtom, locale.cityId)
    atoms.set(localeAtom, locale.lang)
    const render = createServerRender(origin)
    const page = (
      <StrictMode>
        <ServerRenderContext value={render}>
          <AtomsProvider store={atoms}>
            <QueryClientProvider client={queryClient}>
              <I18nProvider i18n={i18n}>
                <RouterServer router={router} />
              </I18nProvider>
            </QueryClientProvider>
          </AtomsProvider>
        </ServerRenderContext>
      </StrictMode>
    )
    // Any part that fails or is aborted leaves the browser something to render: such a page is not kept.
    let complete = true
    const rendered = await renderStream(page, { nonce, bot, signal }, () => (complete = false))
    handedOver = true
    const { title, frameTitle, description, robots, canonical } = render.head
    const status = getSsrStatus(router) === 404 ? 404 : 200
    let cacheable = false
    // Read when React has written the last of the page, before the router's state is let go.
    const judge = () => {
      cacheable =
        complete &&
        !signal.aborted &&
        status === 200 &&
        router.state.matches.every((match) => match.status === 'success') &&
        queryClient
          .getQueryCache()
          .getAll()
          // a query a component only reads on the server stays pending and idle: the browser asks it
          .every((query) => query.state.status !== 'error' && query.state.fetchStatus === 'idle')
    }
    return {
      kind: 'page',
      status,
      cacheable: () => cacheable,
      meta: { title: title ?? frameTitle, description, robots, canonical },
      lang: locale.lang,
      document: (start, end) => {
        let output: ReadableStreamDefaultController<Uint8Array> | undefined
        const whole = new ReadableStream<Uint8Array>({
          start(controller) {
            output = controller
          },
        })
        output?.enqueue(Buffer.from(start))
        rendered.pipe(
          new Coalescer(
            (chunk) => output?.enqueue(chunk),
            () => {
              judge()
              output?.enqueue(Buffer.from(end))
              output?.close()
            },
          ),
        )
        // No signal here: a time limit passing after the first bytes aborts React's render, which then
        // ends the page properly; the router's stream just follows it to its end.
        const routed = transformReadableStreamWithRouter(router, whole, {
          rendererSafePoint: 'script-close',
          onAbort: rendered.abort,
        })
        // The router's stream splits the page at every script's end (where its own scripts may go in):
        // what it gives in one task leaves as one chunk too.
        // A failure on the way ends the page's stream with it (the server then drops the connection).
        const sent = coalescing()
        pipeline(Readable.fromWeb(routed as Parameters<typeof Readable.fromWeb>[0]), sent, () => undefined)
        return sent
      },
    }
  } finally {
    // A page that is not streamed (a redirect, a failure) frees the router's render state now; a
    // streamed one when its stream ends.
    if (!handedOver) router.serverSsr?.cleanup()
  }
}

interface RenderedStream {
  /** Starts writing the page into `destination` (React holds it until then). */
  pipe: (destination: Writable) => void
  abort: (reason?: unknown) => void
}

/** A stream that passes on what was written to it in one task as one chunk, in the next. */
function coalescing(): Transform {
  let pieces: Buffer[] = []
  let scheduled = false
  const stream: Transform = new Transform({
    transform(piece: Buffer, _encoding, done) {
      pieces.push(piece)
      if (!scheduled) {
        scheduled = true
        setImmediate(() => {
          scheduled = false
          if (pieces.length > 0) stream.push(Buffer.concat(pieces))
          pieces = []
        })
      }
      done()
    },
    flush(done) {
      if (pieces.length > 0) stream.push(Buffer.concat(pieces))
      pieces = []
      done()
    },
  })
  return stream
}

/**
 * React writes a page in pieces of a couple of KB, all in one go when nothing is waiting. Each piece sent
 * on its own through the router's stream and the compressor (which flushes every write, so a part React
 * finishes late is not held back) cost more than rendering the page: the pieces written in one task
 * leave as one chunk, in the next.
 */
class Coalescer extends Writable {
  private pieces: Buffer[] = []
  private scheduled = false

  constructor(
    private readonly send: (chunk: Buffer) => void,
    private readonly finish: () => void,
  ) {
    super()
  }

  override _write(piece: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.pieces.push(piece)
    if (!this.scheduled) {
      this.scheduled = true
      setImmediate(() => this.sendPieces())
    }
    done()
  }

  private sendPieces(): void {
    this.scheduled = false
    if (this.pieces.length === 0) return
    const chunk = this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces)
    this.pieces = []
    if (chunk) this.send(chunk)
  }

  override _final(done: (error?: Error | null) => void): void {
    this.sendPieces()
    this.finish()
    done()
  }
}

/**
 * React's render of the page, once its shell (everything outside a Suspense boundary that is still
 * waiting) has rendered, or for a bot once all of it has. An abort before then rejects (the server
 * sends the shell); after, React ends the page with the parts still waiting left to the browser.
 */
function renderStream(
  page: ReactNode,
  { nonce, bot, signal }: RenderOptions,
  onPartFailed: () => void,
): Promise<RenderedStream> {
  return new Promise((resolve, reject) => {
    let failed = false
    const ready = () => {
      if (failed) return
      resolve({
        pipe: (destination) => pipeable.pipe(destination),
        abort: (reason) => pipeable.abort(reason),
      })
    }
    const pipeable = renderToPipeableStream(page, {
      nonce,
      // A finished Suspense boundary is written in place, never moved out into a script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      ...(bot ? { onAllReady: ready } : { onShellReady: ready }),
      onShellError: (error) => {
        failed = true
        reject(error)
      },
      onError: (error) => {
        onPartFailed()
        // An aborted part is the browser's to render; anything else is worth a line in the log.
        if (!signal.aborted) console.error('A part of a server-rendered page failed', error)
      },
    })
    const abort = () => {
      signal.removeEventListener('abort', abort)
      pipeable.abort(signal.reason)
      if (!failed) {
        failed = true
        reject(signal.reason)
      }
    }
    if (signal.aborted) abort()
    else signal.addEventListener('abort', abort, { once: true })
  })
}
