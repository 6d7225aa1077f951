/**
 * Preloads, for the document's head, of the images a server-rendered page marks `fetchPriority="high"`
 * (the product's main photo, the first card of a listing, the first banner): the browser starts the
 * page's largest picture while it is still reading the head, which is what LCP waits for. React's
 * server renderer writes these itself; preact's does not, so the renderer takes them from the markup.
 */
const IMG_TAG = /<img\s[^>]*>/gi
const HIGH_PRIORITY = /\sfetchpriority="high"/i
const LAZY = /\sloading="lazy"/i

/** The attribute's value as it stands in the markup, still escaped, or undefined. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]
}

export function highPriorityImagePreloads(html: string): string {
  const links: string[] = []
  for (const [tag] of html.matchAll(IMG_TAG)) {
    if (!HIGH_PRIORITY.test(tag) || LAZY.test(tag)) continue
    const src = attribute(tag, 'src')
    const srcset = attribute(tag, 'srcset')
    const sizes = attribute(tag, 'sizes')
    // With a srcset the browser picks the file by the screen: the preload must let it pick the same one.
    const target = srcset
      ? `imagesrcset="${srcset}"${sizes ? ` imagesizes="${sizes}"` : ''}`
      : src
        ? `href="${src}"`
        : undefined
    if (!target) continue
    const link = `<link rel="preload" as="image" ${target} fetchpriority="high"/>`
    if (!links.includes(link)) links.push(link)
  }
  return links.join('')
}
