import './styles/global.css'

/**
 * The page's first script: the stylesheet, then the app. A server-rendered page hydrates as soon as the
 * app's code has come (its module script runs once the streamed document has been read); the shell
 * (the shopper's own pages, the offline copy) is rendered by it. The back office (`/admin`) is an app
 * of its own, whose code no store page loads.
 */
void (/^\/admin(\/|$)/.test(location.pathname) ? import('./admin/main') : import('./main'))
