import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import type { KeepDocument } from './server-pages-cache'
import type { App } from './types'

// The renderer's answers: its types, not its code (the built module is imported at start, when present).
import type { Transport } from '../../src/data/transport'
import type { PageMeta, RenderOptions, ServerPage } from '../../src/entry-server'

export type { PageMeta, RenderOptions, ServerPage }

export type RenderPage = (url: string, options: RenderOptions) => Promise<ServerPage>
interface RendererModule {
  createPageRenderer: (transport: Transport) => RenderPage
}

/**
 * A page whose first bytes are not ready in this time is sent as the shell (the browser renders it, as
 * without SSR); a streamed page still rendering after it is ended by React, the parts still waiting left
 * to the browser. Either way the render is aborted.
 */
export const RENDER_TIMEOUT_MS = 2_000
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

/**
 * The page renderer's API calls, answered by this same app in-process: no socket, the same routes,
 * validation and errors as a browser's call.
 */
export function inProcessTransport(app: App): Transport {
  return async (url, init) => {
    const headers: Record<string, string> = {}
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value
    })
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      ...(typeof init.body === 'string' && { payload: init.body }),
    })
    return new Response(NULL_BODY_STATUSES.has(answer.statusCode) ? null : answer.payload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    })
  }
}

export interface PageRenderer {
  render: RenderPage
}

/** The built renderer beside the static directory (`dist/` → `dist-ssr/`), or null when there is none. */
export async function loadPageRenderer(app: App, staticDir: string): Promise<PageRenderer | null> {
  const entry = path.resolve(staticDir, '..', 'dist-ssr', 'entry-server.js')
  if (!existsSync(entry)) return null
  const mod = (await import(pathToFileURL(entry).href)) as RendererModule
  return { render: mod.createPageRenderer(inProcessTransport(app)) }
}

/**
 * A fresh nonce per page for the CSP and the inline scripts the router and React write. base64url: no
 * character any serializer escapes, so a kept page holds it only as written (see server-pages-cache.ts).
 */
export function createNonce(): string {
  return randomBytes(16).toString('base64url')
}

const ROOT = '<div id="root"><div class="boot">Техно магазин</div></div>'
const DOCUMENT_CLOSE = /<\/body>\s*<\/html>\s*$/

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Whether the built shell has what a rendered page is put into: the root, a head, a closed body. */
export function shellTakesPages(shell: string): boolean {
  return shell.includes(ROOT) && shell.includes('</head>') && DOCUMENT_CLOSE.test(shell)
}

/** The page's own title, description, robots and canonical address in place of the shell's. */
function headWithMeta(shell: string, meta: PageMeta): string {
  let html = shell
  if (meta.title)
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(meta.title ?? '')}</title>`)
  if (meta.description) {
    html = html.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeAttribute(meta.description ?? '')}" />`,
    )
  }
  const extra =
    (meta.robots ? `<meta name="robots" content="${escapeAttribute(meta.robots)}" />` : '') +
    (meta.canonical ? `<link rel="canonical" href="${escapeAttribute(meta.canonical)}" />` : '')
  return extra ? html.replace('</head>', () => `${extra}</head>`) : html
}

/**
 * The built shell around a rendered page: `start` is everything up to the root's opening tag (the head
 * with the page's language, title and meta texts, the shell's script with the nonce the CSP asks for),
 * `end` the rest from the root's closing tag. Null when the shell is not one a page can go into.
 */
export function shellAround(
  shell: string,
  page: { meta: PageMeta; lang: 'ru' | 'kk' },
  nonce: string,
): { start: string; end: string } | null {
  if (!shellTakesPages(shell)) return null
  const html = headWithMeta(shell, page.meta)
    .replace('<html lang="ru">', `<html lang="${page.lang}">`)
    .replace(/<script(?=[\s>])/g, `<script nonce="${escapeAttribute(nonce)}"`)
    .replace(DOCUMENT_CLOSE, '</body></html>')
  const at = html.indexOf(ROOT)
  return {
    start: `${html.slice(0, at)}<div id="root">`,
    end: `</div>${html.slice(at + ROOT.length)}`,
  }
}

export interface RenderLimits {
  nonce?: string
  bot?: boolean
  timeoutMs?: number
  /**
   * Told once the answer's document has ended: the whole document when the renderer says it may be
   * kept (`ServerPage.cacheable`), null for anything else. The document then renders to its end at
   * React's pace, not the client's: a slow or vanished client does not hold back the requests waiting
   * for it.
   */
  keep?: KeepDocument
}

export type TimedPage = ServerPage & {
  /** Ends the render's time limit (its stream has ended), or aborts it (the page is not going out). */
  settle?: (abort?: boolean) => void
}

/**
 * Renders within the time limit; a failure or a render whose first bytes are late is the shell, never
 * an error page. The limit keeps running while a page streams: when it passes, the render is aborted
 * and React ends the page, leaving what is still waiting to the browser.
 */
export async function renderWithin(
  render: RenderPage,
  url: string,
  onFailure: (error: unknown) => void,
  timeoutMs = RENDER_TIMEOUT_MS,
  { nonce = createNonce(), bot = false }: Omit<RenderLimits, 'timeoutMs'> = {},
): Promise<TimedPage> {
  const controller = new AbortController()
  const timer = setTimeout(
    () => controller.abort(new Error(`the render took longer than ${timeoutMs} ms`)),
    timeoutMs,
  )
  const settle = (abort = false) => {
    clearTimeout(timer)
    if (abort) controller.abort(new Error('the page is not sent'))
  }
  const late = new Promise<ServerPage>((resolve) => {
    controller.signal.addEventListener('abort', () => resolve({ kind: 'shell' }), { once: true })
  })
  try {
    const page = await Promise.race([render(url, { nonce, bot, signal: controller.signal }), late])
    if (page.kind !== 'page') settle(true)
    return page.kind === 'page' ? { ...page, settle } : page
  } catch (error) {
    if (!controller.signal.aborted) onFailure(error)
    settle(true)
    return { kind: 'shell' }
  }
}

export type PageAnswer =
  | {
      kind: 'html'
      status: number
      /** The document, streamed as React renders it (or, for a bot, once the whole page has rendered). */
      body: Readable
      nonce: string
    }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'shell' }

/**
 * The document for a page address: the rendered page in the shell, its redirect, or the shell alone when
 * the page is the browser's to render or anything about rendering it fails (a renderer from another
 * build, say). Never an error page: the shell always works.
 */
export async function answerPage(
  renderer: PageRenderer,
  shell: string,
  url: string,
  onFailure: (error: unknown) => void,
  { nonce = createNonce(), bot = false, timeoutMs = RENDER_TIMEOUT_MS, keep }: RenderLimits = {},
): Promise<PageAnswer> {
  if (!shellTakesPages(shell)) {
    keep?.(null)
    return { kind: 'shell' }
  }
  const page = await renderWithin(renderer.render, url, onFailure, timeoutMs, { nonce, bot })
  if (page.kind !== 'page') {
    keep?.(null)
    return page
  }
  try {
    const around = shellAround(shell, page, nonce)
    if (!around || typeof page.document !== 'function') throw new Error('the renderer answered no document')
    const body = page.document(around.start, around.end)
    body.once('close', () => page.settle?.())
    if (!keep) return { kind: 'html', status: page.status, body, nonce }
    const mayKeep = () => page.status === 200 && typeof page.cacheable === 'function' && page.cacheable()
    return {
      kind: 'html',
      status: page.status,
      body: keeping(body, (doc) => keep(doc && mayKeep() ? doc : null)),
      nonce,
    }
  } catch (error) {
    keep?.(null)
    onFailure(error)
    page.settle?.(true)
    return { kind: 'shell' }
  }
}

/**
 * `body` read to its end whatever the client does, each piece passed on to the stream returned; `done`
 * gets the whole document when `body` ended, null when it failed or was cut short.
 */
function keeping(body: Readable, done: (document: Buffer | null) => void): Readable {
  const out = new PassThrough()
  const pieces: Buffer[] = []
  let told = false
  const tell = (document: Buffer | null) => {
    if (told) return
    told = true
    done(document)
  }
  body.on('data', (piece: Uint8Array) => {
    const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece)
    pieces.push(chunk)
    if (!out.destroyed) out.write(chunk)
  })
  body.once('end', () => {
    out.end()
    tell(Buffer.concat(pieces))
  })
  body.once('error', (error) => {
    tell(null)
    out.destroy(error)
  })
  body.once('close', () => {
    tell(null)
    if (!out.writableEnded) out.destroy()
  })
  return out
}
