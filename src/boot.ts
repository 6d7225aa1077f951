import './styles/global.css'
import { SERVER_STATE_ID } from './app/server-state'
import { nextTask } from './ui/next-task'

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
  // The libraries, then the app: two tasks, each shorter than one that evaluated both.
  void import('./app/runtime-stage').then(nextTask).then(() => import('./main'))
}

if (document.getElementById(SERVER_STATE_ID) && document.readyState !== 'complete') {
  window.addEventListener('load', startApp, { once: true })
  setTimeout(startApp, LOAD_WAIT_CAP_MS)
} else {
  startApp()
}
