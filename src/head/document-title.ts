import { useEffect } from 'react'
import { useServerHead } from './server-head'

export const STORE_NAME = 'Техно магазин'

export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} — ${STORE_NAME}` : STORE_NAME
}

/** Sets the browser tab's title for the page on screen; pass the already translated page title. */
export function useDocumentTitle(pageTitle: string | undefined): void {
  useServerHead({ frameTitle: documentTitle(pageTitle) })
  useEffect(() => {
    document.title = documentTitle(pageTitle)
  }, [pageTitle])
}
