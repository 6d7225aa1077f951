export type ContentLink = { kind: 'internal'; path: string } | { kind: 'external'; url: string } | null

/**
 * A link from the content service: a client path without the city prefix ('/cms/promo'), or a full URL
 * to another site. Anything else (empty, `javascript:`, protocol-relative) is no link at all.
 */
export function contentLink(link: string | null | undefined): ContentLink {
  const value = link?.trim()
  if (!value) return null
  if (value.startsWith('/') && !value.startsWith('//')) return { kind: 'internal', path: value }
  if (/^https?:\/\//i.test(value)) return { kind: 'external', url: value }
  return null
}
