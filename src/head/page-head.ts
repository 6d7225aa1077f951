import { useEffect } from 'react'
import type { PageHead } from './page-head-type'
import { useServerHead } from './server-head'
import { useSiteOrigin } from './site-origin'

/** Turns a page path into the absolute URL a canonical link needs. */
export function useAbsoluteUrl(): (path: string) => string {
  const origin = useSiteOrigin()
  return (path) => `${origin}${path}`
}

function headElement<K extends 'meta' | 'link'>(tag: K, attribute: string, value: string) {
  const found = document.head.querySelector<HTMLElementTagNameMap[K]>(`${tag}[${attribute}="${value}"]`)
  if (found) return { element: found, created: false }
  const element = document.createElement(tag)
  element.setAttribute(attribute, value)
  document.head.append(element)
  return { element, created: true }
}

function setHeadAttribute(tag: 'meta' | 'link', key: [string, string], attribute: string, value: string) {
  const { element, created } = headElement(tag, key[0], key[1])
  const previous = element.getAttribute(attribute)
  element.setAttribute(attribute, value)
  return () => {
    if (created) element.remove()
    else if (previous === null) element.removeAttribute(attribute)
    else element.setAttribute(attribute, previous)
  }
}

/**
 * Puts a page's meta texts into the document head (title, description, robots, canonical) and puts back
 * what was there when the page goes, so the next page does not inherit them. Render it after the page
 * frame, whose own title effect would otherwise run last.
 */
export function usePageHead({ title, description, robots, canonical }: PageHead): void {
  useServerHead({ title, description, robots, canonical })
  useEffect(() => {
    const restore: (() => void)[] = []
    if (title) {
      const previous = document.title
      document.title = title
      restore.push(() => {
        // only undo what is still ours: the next page may already have set its own title
        if (document.title === title) document.title = previous
      })
    }
    if (description) restore.push(setHeadAttribute('meta', ['name', 'description'], 'content', description))
    if (robots) restore.push(setHeadAttribute('meta', ['name', 'robots'], 'content', robots))
    if (canonical) restore.push(setHeadAttribute('link', ['rel', 'canonical'], 'href', canonical))
    return () => {
      for (const undo of restore.reverse()) undo()
    }
  }, [title, description, robots, canonical])
}
