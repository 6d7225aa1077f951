import type { ReactNode } from 'react'
import { contentLink } from './content-link'
import { HrefLink } from './href-link'
import { useStoreLocation } from './store-location'

export interface ContentAnchorProps {
  link: string | null
  className?: string
  children: ReactNode
  'data-testid'?: string
  'aria-label'?: string
}

/** A link from content data: inside the store in the shopper's city and language, or out to another site. */
export function ContentAnchor({ link, children, ...rest }: ContentAnchorProps) {
  const location = useStoreLocation()
  const target = contentLink(link)
  if (!target) return <div {...rest}>{children}</div>
  if (target.kind === 'external') {
    return (
      <a href={target.url} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    )
  }
  return (
    <HrefLink href={location.href(target.path)} {...rest}>
      {children}
    </HrefLink>
  )
}
