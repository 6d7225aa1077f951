import { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { applyAdminLang, savedAdminLang } from '../features/admin/locale'
import { AdminApp, createAdminRouter } from './router'

/**
 * The back office's entry (src/main.tsx starts it for `/admin` addresses instead of the store): rendered
 * in the browser only, its data never kept on the device (no persisted query cache, no outbox).
 */
async function start() {
  await applyAdminLang(savedAdminLang())
  document.title = 'Техно магазин · офис'
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root')
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 5_000, refetchOnWindowFocus: true } },
  })
  const router = createAdminRouter(queryClient)
  createRoot(root).render(
    <StrictMode>
      <AdminApp router={router} queryClient={queryClient} />
    </StrictMode>,
  )
  document.documentElement.dataset.app = 'ready'
}

void start()
