import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/app'
import { renderWithin, shellAround, type RenderPage, type ServerPage } from './server-pages'
import type { App } from './types'

const SHELL =
  '<!doctype html><html lang="ru"><head><title>Store</title><meta\n name="description"\n content="Shell text"\n /></head><body><div id="root"><div class="boot">Техно магазин</div></div><script type="module" src="/assets/boot.js"></script></body></html>'

const META = {
  title: 'Холодильник "Samsung" <RB34> — Техно магазин',
  canonical: 'https://store.kz/p/x?a=1&b=2',
}

/** A rendered page as the renderer answers it: its document is the shell around the page's stream. */
const page = (html: string): Extract<ServerPage, { kind: 'page' }> => ({
  kind: 'page',
  status: 200,
  meta: META,
  lang: 'kk',
  document: (start, end) => Readable.from([start, html, end]),
  cacheable: () => true,
})

async function text(stream: Readable): Promise<string> {
  let body = ''
  for await (const chunk of stream) body += String(chunk)
  return body
}

/** The page in the shell, as the server sends it. */
function fillShell(shell: string, rendered: Extract<ServerPage, { kind: 'page' }>, nonce = 'n0nce') {
  const around = shellAround(shell, rendered, nonce)
  return around ? text(rendered.document(around.start, around.end)) : Promise.resolve(null)
}

describe('shellAround', () => {
  it("puts the page and its language into the built shell, the shell's script with the page's nonce", async () => {
    const html = await fillShell(SHELL, page('<main>Тоңазытқыш $& $1</main>'))
    expect(html).toContain('<html lang="kk">')
    // `$&` in a product text is text, not a replacement pattern
    expect(html).toContain('<div id="root"><main>Тоңазытқыш $& $1</main></div>')
    expect(html).toContain('<script nonce="n0nce" type="module" src="/assets/boot.js"></script>')
    // the router's late scripts go before this
    expect(html).toMatch(/<\/body><\/html>$/)
  })

  it("puts the page's own title and canonical address into the head, escaped", async () => {
    const html = (await fillShell(SHELL, page('<main/>'))) ?? ''
    expect(html).toContain('<title>Холодильник "Samsung" &lt;RB34&gt; — Техно магазин</title>')
    expect(html).toContain('<link rel="canonical" href="https://store.kz/p/x?a=1&amp;b=2" />')
    // no description of its own: the shell's stays
    expect(html).toContain('content="Shell text"')
    const described = await fillShell(SHELL, {
      ...page('<main/>'),
      meta: { description: 'Тоңазытқыш & "бәрі"' },
    })
    expect(described).toContain('<meta name="description" content="Тоңазытқыш &amp; &quot;бәрі&quot;" />')
  })

  it('gives up on a shell without the expected root, rather than sending a page without the app', () => {
    expect(
      shellAround('<html><head></head><body><div id="app"></div></body></html>', page('<main/>'), 'n'),
    ).toBeNull()
  })
})

describe('renderWithin', () => {
  it('sends the shell when a render fails, and reports the failure', async () => {
    const failures: unknown[] = []
    const result = await renderWithin(
      () => Promise.reject(new Error('window is not defined')),
      '/p/x',
      (error) => failures.push(error),
    )
    expect(result).toEqual({ kind: 'shell' })
    expect(failures).toHaveLength(1)
  })

  it('sends the shell when a render is slower than the limit, and aborts it', async () => {
    let aborted = false
    const slow: RenderPage = (_url, { signal }) => {
      signal.addEventListener('abort', () => (aborted = true))
      return new Promise<ServerPage>((resolve) => setTimeout(() => resolve(page('<main/>')), 200))
    }
    expect(await renderWithin(slow, '/p/x', () => undefined, 20)).toEqual({ kind: 'shell' })
    expect(aborted).toBe(true)
  })

  it('aborts a streamed render still running when the limit passes, and not one that has ended', async () => {
    let signal: AbortSignal | undefined
    const fast: RenderPage = (_url, options) => {
      signal = options.signal
      return Promise.resolve(page('<main/>'))
    }
    const streaming = await renderWithin(fast, '/p/x', () => undefined, 20)
    expect(streaming.kind).toBe('page')
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(signal?.aborted).toBe(true)

    const ended = await renderWithin(fast, '/p/x', () => undefined, 20)
    if (ended.kind === 'page') ended.settle?.()
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(signal?.aborted).toBe(false)
  })
})

/** A page renderer module as the build writes it (dist-ssr/entry-server.js), with pages chosen by path. */
const FAKE_RENDERER = `
import { Readable } from 'node:stream'
export function createPageRenderer(transport) {
  return async (url, { nonce, bot }) => {
    const { pathname, origin } = new URL(url)
    if (pathname === '/boom') throw new Error('render failed')
    if (pathname === '/old') return { kind: 'redirect', status: 307, location: '/new' }
    if (pathname === '/cart') return { kind: 'shell' }
    // a renderer from another build may answer a shape this server does not know
    if (pathname === '/odd') return { kind: 'page', status: 200, html: '<main/>' }
    const health = await transport('/api/health', { method: 'GET', headers: { accept: 'application/json' } })
    const body = await health.json()
    // the router's state as its script carries it: escaped, with the page's nonce
    const state = JSON.stringify({ text: '</script><script>alert(1)</script>' }).replace(/</g, '\\\\u003c')
    return {
      kind: 'page',
      status: pathname === '/missing' ? 404 : 200,
      meta: {},
      lang: 'ru',
      document: (start, end) => Readable.from([
        start,
        '<main data-origin="' + origin + '" data-bot="' + bot + '">health ' + health.status + ' ' + body.status + '</main>',
        '<script nonce="' + nonce + '">self.state=' + state + '</script>',
        end,
      ]),
    }
  }
}
`

function makeBuild() {
  const root = mkdtempSync(path.join(tmpdir(), 'storefront-ssr-'))
  const dist = path.join(root, 'dist')
  mkdirSync(dist)
  mkdirSync(path.join(root, 'dist-ssr'))
  writeFileSync(path.join(dist, 'index.html'), SHELL)
  writeFileSync(path.join(dist, 'build.json'), '{"buildId":"ssr-test"}')
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), FAKE_RENDERER)
  return dist
}

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'

describe('pages from the built renderer', () => {
  let app: App

  beforeAll(async () => {
    ;({ app } = await buildTestApp({ STATIC_DIR: makeBuild(), PUBLIC_ORIGIN: 'https://store.example.kz' }))
    await app.ready()
  })
  afterAll(() => app.close())

  it('renders a page whose API calls the app answers in-process, with its data escaped', async () => {
    const res = await app.inject({ url: '/p/fridge', headers: { 'user-agent': BROWSER } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['cache-control']).toBe('no-cache')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    // inline scripts run only with this page's nonce, never 'unsafe-inline'
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? ''
    expect(nonce.length).toBeGreaterThanOrEqual(16)
    expect(csp).toContain("'strict-dynamic'")
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'")
    expect(res.body).toContain(`<script nonce="${nonce}">self.state=`)
    expect(res.body).toContain(
      '<main data-origin="https://store.example.kz" data-bot="false">health 200 ok</main>',
    )
    expect(res.body).toContain('{"text":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}')
    expect(res.body).not.toContain('<script>alert(1)')
    // every page its own nonce
    const again = await app.inject({ url: '/p/fridge', headers: { 'user-agent': BROWSER } })
    expect(again.headers['content-security-policy']).not.toContain(`'nonce-${nonce}'`)
  })

  it('renders the whole page before sending it to a bot (Lighthouse is one)', async () => {
    const res = await app.inject({
      url: '/p/fridge',
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Chrome-Lighthouse' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('data-bot="true"')
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)))
  })

  it('answers the home page, a missing page with 404 and an old address with its redirect', async () => {
    expect((await app.inject('/')).body).toContain('health 200')
    const missing = await app.inject('/missing')
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('<main')
    const old = await app.inject('/old')
    expect(old.statusCode).toBe(307)
    expect(old.headers.location).toBe('/new')
  })

  it('sends the shell for the pages it leaves to the browser and when a render fails', async () => {
    for (const url of ['/cart', '/boom', '/odd']) {
      const res = await app.inject(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toBe(SHELL)
    }
    // HEAD and unknown API paths are not pages
    expect((await app.inject({ method: 'HEAD', url: '/p/fridge' })).statusCode).toBe(200)
    expect((await app.inject('/katalog/api/v1/nothing-here')).statusCode).toBe(404)
  })
})
