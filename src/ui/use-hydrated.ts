import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False while React renders on the server and while it hydrates the server's markup, true after: a
 * part that shows what only this device knows (stored counts, the session) renders what the server
 * rendered until the page is the app's, then its own value, so hydration never meets other markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
