import { useEffect } from 'react'
import { documentTitle } from '../../app/document-title'

/** The browser tab's title and the meta description of a content page, put back when the page is left. */
export function useContentMeta(title: string | undefined, description: string | undefined): void {
  useEffect(() => {
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!tag) {
      tag = document.createElement('meta')
      tag.name = 'description'
      document.head.append(tag)
    }
    const before = { title: document.title, description: tag.content }
    document.title = documentTitle(title)
    if (description) tag.content = description
    return () => {
      document.title = before.title
      if (tag) tag.content = before.description
    }
  }, [title, description])
}
