/**
 * `<html data-app="ready">` once the app has rendered or hydrated the whole page (src/main.tsx): until then a server-rendered
 * page is plain HTML, whose buttons do nothing yet. Journeys wait for it after each navigation.
 */
export function markAppReady() {
  document.documentElement.dataset.app = 'ready'
  performance.mark('store:ready')
}
