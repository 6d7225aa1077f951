import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/app'
import { fillShell, renderWithin, type ServerPage } from './server-pages'
import type { App } from './types'

const SHELL =
  '<!doctype html><html lang="ru"><head><title>Store</title><meta\n name="description"\n content="Shell text"\n /></head><body><div id="root"><div class="boot">Техно магазин</div></div><script type="module" src="/assets/boot.js"></script></body></html>'

const page = (html: string): Extract<ServerPage, { kind: 'page' }> => ({
  kind: 'page',
  status: 200,
  head: '<link rel="preload" as="image" href="/i.webp"/>',
  meta: { title: 'Холодильник "Samsung" <RB34> — Техно магазин', canonical: 'https://store.kz/p/x?a=1&b=2' },
  html,
  state: { mutations: [], queries: [] },
  lang: 'kk',
})

describe('fillShell', () => {
  it('puts the page, its language, its preloads and its data into the built shell', () => {
    const html = fillShell(SHELL, page('<main>Тоңазытқыш $& $1</main>'), '{"queries":[]}')
    expect(html).toContain('<html lang="kk">')
    expect(html).toContain('<link rel="preload" as="image" href="/i.webp"/></head>')
    // `$&` in a product text is text, not a replacement pattern
    expect(html).toContain(
      '<div id="root"><main>Тоңазытқыш $& $1</main></div><script type="application/json" id="server-state">{"queries":[]}</script>',
    )
    expect(html).toContain('<script type="module" src="/assets/boot.js"></script>')
  })

  it("puts the page's own title and canonical address into the head, escaped", () => {
    const html = fillShell(SHELL, page('<main/>'), '{}') ?? ''
    expect(html).toContain('<title>Холодильник "Samsung" &lt;RB34&gt; — Техно магазин</title>')
    expect(html).toContain('<link rel="canonical" href="https://store.kz/p/x?a=1&amp;b=2" />')
    // no description of its own: the shell's stays
    expect(html).toContain('content="Shell text"')
    const described = fillShell(
      SHELL,
      { ...page('<main/>'), meta: { description: 'Тоңазытқыш & "бәрі"' } },
      '{}',
    )
    expect(described).toContain('<meta name="description" content="Тоңазытқыш &amp; &quot;бәрі&quot;" />')
  })

  it('gives up on a shell without the expected root, rather than sending a page without the app', () => {
    expect(
      fillShell('<html><head></head><body><div id="app"></div></body></html>', page('<main/>'), '{}'),
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

  it('sends the shell when a render is slower than the limit', async () => {
    const slow = () => new Promise<ServerPage>((resolve) => setTimeout(() => resolve(page('<main/>')), 200))
    expect(await renderWithin(slow, '/p/x', () => undefined, 20)).toEqual({ kind: 'shell' })
  })
})

/** A page renderer module as the build writes it (dist-ssr/entry-server.js), with pages chosen by path. */
const FAKE_RENDERER = `
export function serializeServerState(state) { return JSON.stringify(state).replace(/</g, '\\\\u003c') }
export function createPageRenderer(transport) {
  return async (url) => {
    const { pathname, origin } = new URL(url)
    if (pathname === '/boom') throw new Error('render failed')
    if (pathname === '/old') return { kind: 'redirect', status: 307, location: '/new' }
    if (pathname === '/cart') return { kind: 'shell' }
    // a renderer from another build may answer a shape this server does not know
    if (pathname === '/odd') return { kind: 'page', status: 200, html: '<main/>' }
    const health = await transport('/api/health', { method: 'GET', headers: { accept: 'application/json' } })
    const body = await health.json()
    return {
      kind: 'page',
      status: pathname === '/missing' ? 404 : 200,
      head: '',
      meta: {},
      html: '<main data-origin="' + origin + '">health ' + health.status + ' ' + body.status + '</main>',
      state: { text: '</script><script>alert(1)</script>' },
      lang: 'ru',
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

describe('pages from the built renderer', () => {
  let app: App

  beforeAll(async () => {
    ;({ app } = await buildTestApp({ STATIC_DIR: makeBuild(), PUBLIC_ORIGIN: 'https://store.example.kz' }))
    await app.ready()
  })
  afterAll(() => app.close())

  it('renders a page whose API calls the app answers in-process, with its data escaped', async () => {
    const res = await app.inject('/p/fridge')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    expect(res.body).toContain('<main data-origin="https://store.example.kz">health 200 ok</main>')
    expect(res.body).toContain('{"text":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}')
    expect(res.body).not.toContain('<script>alert(1)')
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
