import { startTransition, useEffect, useState } from 'react'

/** Spec 9: the mobile breakpoint is 767 px. */
export const PHONE_QUERY = '(max-width: 767px)'

/**
 * True on screens up to 767 px wide; follows rotation and window resizes across the breakpoint.
 *
 * False for the first render, as on the server, which cannot know the screen (CSS hides the desktop
 * filter column on phones until then); the screen's answer comes after, as a transition. It was a
 * useSyncExternalStore, whose server snapshot differs from a phone's: React then re-renders the listing
 * synchronously right after hydrating it, and hydrated every card still waiting with it, in one task
 * that blocked a slow phone for half a second.
 */
export function useIsPhone(): boolean {
  const [phone, setPhone] = useState(false)
  useEffect(() => {
    if (!window.matchMedia) return
    const list = window.matchMedia(PHONE_QUERY)
    const update = () => startTransition(() => setPhone(list.matches))
    update()
    list.addEventListener('change', update)
    return () => list.removeEventListener('change', update)
  }, [])
  return phone
}
