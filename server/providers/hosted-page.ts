import type { FastifyReply } from 'fastify'
/** What the local providers' hosted pages share: escaping and the amount as the store prints it. */

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const NBSP = '\u00a0'

/**
 * `12345` → `12 345 ₸`, grouped by three with no-break spaces like the store's `formatMoney`
 * (src/i18n/format.ts), so an amount never wraps; the same in Russian and Kazakh.
 */
export function formatTenge(amount: number): string {
  const whole = Math.round(Math.abs(amount))
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)
  return `${amount < 0 && whole > 0 ? '-' : ''}${digits}${NBSP}₸`
}

/**
 * The document of a local provider's hosted page: one stylesheet and no script, so it works under the
 * store's CSP; never indexed.
 */
export function hostedPage(o: {
  lang: string
  title: string
  stylesheet: string
  brand: string
  body: string
}) {
  return `<!doctype html>
<html lang="${o.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(o.title)}</title>
<link rel="stylesheet" href="${o.stylesheet}">
</head>
<body>
<main class="card">
<p class="brand">${escapeHtml(o.brand)}</p>
${o.body}
</main>
</body>
</html>`
}

/** Answers a hosted page: it may carry card data, so it is never cached. */
export function sendHostedPage(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body as never)
}
