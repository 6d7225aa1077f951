import { useRouter } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react'

export interface HrefLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string
  /** Load the target's code and data when the pointer or focus reaches the link (default true). */
  preload?: boolean
  ref?: Ref<HTMLAnchorElement>
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey
}

/**
 * A link to an href built at run time (a locale switch, a breadcrumb from data), navigated inside the
 * app like the router's <Link>. Prefer the typed <Link to=... params=...> where the route is known.
 */
export function HrefLink({
  href,
  preload = true,
  onClick,
  onMouseEnter,
  onFocus,
  ref,
  ...rest
}: HrefLinkProps) {
  const router = useRouter()
  const warm = () => {
    // `href` wins over `to` when the router builds the location; `to` is only there for the types
    if (preload) router.preloadRoute({ to: '.', href }).catch(() => undefined)
  }
  return (
    <a
      ref={ref}
      href={href}
      onClick={(event) => {
        onClick?.(event)
        if (event.defaultPrevented || !isPlainLeftClick(event) || rest.target || rest.download !== undefined)
          return
        event.preventDefault()
        void router.navigate({ href })
      }}
      onMouseEnter={(event) => {
        onMouseEnter?.(event)
        warm()
      }}
      onFocus={(event) => {
        onFocus?.(event)
        warm()
      }}
      {...rest}
    />
  )
}
