import './styles/global.css'

/**
 * The page's first script: the stylesheet, then the app. A server-rendered page hydrates as soon as the
 * app's code has come (its module script runs once the streamed document has been read); the shell
 * (the shopper's own pages, the offline copy) is rendered by it.
 */
void import('./main')
