import type { ReactNode } from 'react'
import { HrefLink } from '../../app/href-link'
import { useStoreLocation } from '../../app/store-location'

/**
 * A link from content data: a client path is opened inside the store in the shopper's city and language,
 * a full URL in a new tab; anything else is not a link.
 */
export function ContentLink({
  link,
  className,
  children,
}: {
  link: string | null
  className?: string
  children: ReactNode
}) {
  const location = useStoreLocation()
  const value = link?.trim() ?? ''
  if (/^https?:\/\//i.test(value)) {
    return (
      <a href={value} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    )
  }
  if (!value.startsWith('/') || value.startsWith('//')) return <div className={className}>{children}</div>
  return (
    <HrefLink href={location.href(value)} className={className}>
      {children}
    </HrefLink>
  )
}
