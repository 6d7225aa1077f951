import type { App } from './types'

/**
 * The policy the built app passes: no inline script anywhere (the shell is static files), images from
 * our own image service, data and blob URLs for generated previews, fetches only to this origin.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  // Server-rendered pages carry React's style attributes (bar widths, image ratios); <style> elements and
  // stylesheets from elsewhere stay forbidden.
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
}

const policyHeader = (policy: Record<string, string[]>) =>
  Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ')

/**
 * The headers helmet would send with this policy (HSTS and COEP off: the store may run behind a proxy
 * that owns TLS, and the image service is same-origin anyway). They are the same for every answer, so
 * they are built once: rebuilding them per request cost about a seventh of a product request's CPU.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': policyHeader(CONTENT_SECURITY_POLICY),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
})

/**
 * The policy of a server-rendered page: its scripts are the shell's and the inline ones the router and
 * React write (its state, the data that answered while it streamed, the parts React completes), each
 * with the page's own nonce; 'strict-dynamic' lets them load the app's chunks. Browsers that know
 * nonces ignore 'self' then, older ones fall back to it. No 'unsafe-inline' for scripts.
 */
export function pageContentSecurityPolicy(nonce: string): string {
  return policyHeader({
    ...CONTENT_SECURITY_POLICY,
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"],
  })
}

export function registerSecurityHeaders(app: App) {
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(SECURITY_HEADERS)
    done()
  })
}
