import './styles/global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { applyStoreLocale } from './app/apply-locale'
import { splitPathname } from './app/locale-prefix'
import { startServiceWorker } from './app/service-worker'
import { createQueryClient } from './data/query-client'

async function start() {
  // The first paint is already in the URL's language: activate it before rendering.
  const { locale } = splitPathname(window.location.pathname)
  await applyStoreLocale(locale)

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root')
  createRoot(root).render(
    <StrictMode>
      <App queryClient={createQueryClient()} />
    </StrictMode>,
  )
  startServiceWorker()
}

void start()
