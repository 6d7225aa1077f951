import { useEffect } from 'react'
import { documentTitle } from '../../app/document-title'

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!tag) {
    tag = document.createElement('meta')
    tag.name = 'description'
    document.head.append(tag)
  }
  return tag
}

/**
 * The browser tab's title and the page's meta description, in the page's language; both go back to what
 * they were when the page is left, so the next page does not inherit them.
 */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    const tag = descriptionTag()
    const before = { title: document.title, description: tag.content }
    document.title = title || documentTitle(undefined)
    if (description) tag.content = description
    return () => {
      document.title = before.title
      tag.content = before.description
    }
  }, [title, description])
}
