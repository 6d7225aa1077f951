import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'

/**
 * Goes to another state of the listing on screen (a filter, the price, the sorting). The page stays
 * where it is scrolled: the shopper is in the middle of choosing. The promise settles when the new
 * listing is on screen.
 */
export function useListingNavigate(): (href: string) => Promise<void> {
  const navigate = useNavigate()
  return useCallback((href: string) => navigate({ href, resetScroll: false }), [navigate])
}
