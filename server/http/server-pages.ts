import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { App } from './types'

// The renderer's answers: its types, not its code (the built module is imported at start, when present).
import type { DehydratedState } from '@tanstack/react-query'
import type { Transport } from '../../src/data/transport'
import type { PageMeta, ServerPage } from '../../src/entry-server'

export type { PageMeta, ServerPage }

export type RenderPage = (url: string) => Promise<ServerPage>
interface RendererModule {
  createPageRenderer: (transport: Transport) => RenderPage
  serializeServerState: (state: DehydratedState) => string
}

/** A page that takes longer than this is sent as the shell: the browser renders it, as without SSR. */
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
  serializeState: (state: DehydratedState) => string
}

/** The built renderer beside the static directory (`dist/` → `dist-ssr/`), or null when there is none. */
export async function loadPageRenderer(app: App, staticDir: string): Promise<PageRenderer | null> {
  const entry = path.resolve(staticDir, '..', 'dist-ssr', 'entry-server.js')
  if (!existsSync(entry)) return null
  const mod = (await import(pathToFileURL(entry).href)) as RendererModule
  return { render: mod.createPageRenderer(inProcessTransport(app)), serializeState: mod.serializeServerState }
}

/** src/app/server-state.ts reads the page's data from this script. */
const SERVER_STATE_ID = 'server-state'
const ROOT = '<div id="root"><div class="boot">Техно магазин</div></div>'

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

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

/** Puts a rendered page into the built shell; null when the shell does not have the expected root. */
export function fillShell(
  shell: string,
  page: Extract<ServerPage, { kind: 'page' }>,
  stateJson: string,
): string | null {
  if (!shell.includes(ROOT) || !shell.includes('</head>')) return null
  return headWithMeta(shell, page.meta)
    .replace('<html lang="ru">', `<html lang="${page.lang}">`)
    .replace('</head>', () => `${page.head}</head>`)
    .replace(
      ROOT,
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_STATE_ID}">${stateJson}</script>`,
    )
}

/** Renders within the time limit; a failure or a slow render is the shell, never an error page. */
export async function renderWithin(
  render: RenderPage,
  url: string,
  onFailure: (error: unknown) => void,
  timeoutMs = RENDER_TIMEOUT_MS,
): Promise<ServerPage> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<ServerPage>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'shell' }), timeoutMs)
  })
  try {
    return await Promise.race([render(url), timeout])
  } catch (error) {
    onFailure(error)
    return { kind: 'shell' }
  } finally {
    clearTimeout(timer)
  }
}

export type PageAnswer =
  | { kind: 'html'; status: number; html: string }
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
  timeoutMs = RENDER_TIMEOUT_MS,
): Promise<PageAnswer> {
  const page = await renderWithin(renderer.render, url, onFailure, timeoutMs)
  if (page.kind !== 'page') return page
  try {
    const html = fillShell(shell, page, renderer.serializeState(page.state))
    return html ? { kind: 'html', status: page.status, html } : { kind: 'shell' }
  } catch (error) {
    onFailure(error)
    return { kind: 'shell' }
  }
}
