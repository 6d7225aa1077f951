import './styles/global.css'
import { isServerRenderedPage } from './app/server-rendered-page'

/**
 * The page's first script. A page the server rendered is complete without the app, and its links work
 * as plain links, so the app's code is fetched once the page (its images included) has loaded: on a slow
 * phone network the page's own text and pictures come first instead of sharing the line with the code.
 * The shell (the shopper's own pages, the offline copy) shows nothing without the app: it starts at once.
 */
const LOAD_WAIT_CAP_MS = 3_000

let started = false
function startApp() {
  if (started) return
  started = true
  void import('./main')
}

/**
 * After the frame that follows the load event: the page's pictures are painted before the first
 * request for code goes out, so on a slow network the code is never among what showing them waits for.
 */
function afterNextPaint(run: () => void) {
  requestAnimationFrame(() => setTimeout(run, 0))
}

if (isServerRenderedPage() && document.readyState !== 'complete') {
  window.addEventListener('load', () => afterNextPaint(startApp), { once: true })
  setTimeout(startApp, LOAD_WAIT_CAP_MS)
} else {
  startApp()
}
