import { escapeHtml } from '../hosted-page'

/**
 * A bank's logo as the store draws it: a rounded square in the bank's colour with its letters. Not the
 * bank's trademark, so nothing is copied, and every bank has one without a download.
 */
export function bankLogoSvg(color: string, letters: string): string {
  const fill = /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#4b5563'
  const text = escapeHtml(letters.slice(0, 4))
  const size = letters.length > 2 ? 15 : 20
  return `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" role="img" aria-label="${text}">
<rect x="1" y="1" width="46" height="46" rx="10" fill="${fill}"/>
<circle cx="38" cy="10" r="4" fill="#ffffff" fill-opacity="0.35"/>
<text x="24" y="30" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="#ffffff" text-anchor="middle">${text}</text>
</svg>`
}
