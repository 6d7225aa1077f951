import './styles/global.css'

/**
 * The page's first script: the stylesheet, then the app. A server-rendered page with a leading picture
 * (`<link rel=preload as=image fetchpriority=high>`) starts the app once that picture has been painted,
 * so that on a slow network the picture does not share the line with the app's code; every other page
 * (the shell of the shopper's own pages, the offline copy), and a browser that cannot report the paint,
 * starts it at once. Hydration runs as a transition either way.
 */
function start() {
  void import('./main')
}

const picture = document.querySelector<HTMLLinkElement>('link[rel=preload][as=image][fetchpriority=high]')
if (picture && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
  let started = false
  const once = () => {
    if (started) return
    started = true
    observer.disconnect()
    start()
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => (e as LargestContentfulPaint).url)) once()
  })
  observer.observe({ type: 'largest-contentful-paint', buffered: true })
  // a picture that fails, or is never the largest thing painted, does not hold the app back past the load
  addEventListener('load', () => setTimeout(once, 0), { once: true })
} else start()
