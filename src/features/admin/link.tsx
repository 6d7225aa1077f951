import { useRouter } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, MouseEvent } from 'react'

/**
 * A link inside the back office: an ordinary anchor whose plain clicks the back office's router takes
 * (its routes are its own, apart from the store's typed route tree).
 */
export function AdminLink({
  href,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter()
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return
    event.preventDefault()
    router.history.push(href)
  }
  return <a href={href} onClick={follow} {...rest} />
}

/** Goes to another address of the back office (after a form, say). */
export function useAdminNavigate() {
  const router = useRouter()
  return (href: string, options: { replace?: boolean } = {}) =>
    options.replace ? router.history.replace(href) : router.history.push(href)
}

/** The current address's query, as URLSearchParams (the back office keeps its filters there). */
export function searchOf(searchStr: string): URLSearchParams {
  return new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr)
}
