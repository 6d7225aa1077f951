import './styles/global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { applyStoreLocale } from './app/apply-locale'
import { splitPathname } from './app/locale-prefix'
import { startServiceWorker } from './app/service-worker'
import { outbox } from './data/outbox'
import { createQueryClient } from './data/query-client'

async function start() {
  // The first paint is already in the URL's language: activate it before rendering.
  const { locale } = splitPathname(window.location.pathname)
  await applyStoreLocale(locale)

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root')
  const queryClient = createQueryClient()
  // Changes made offline (or before a reload) are sent now, on reconnection and on Background Sync.
  outbox.start({ queryClient })
  // As a transition the first render yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page, so a slow phone stays responsive while the store starts.
  const reactRoot = createRoot(root)
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    )
  })
  startServiceWorker()
}

void start()
