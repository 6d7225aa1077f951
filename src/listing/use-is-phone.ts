import { useSyncExternalStore } from 'react'

/** Spec 9: the mobile breakpoint is 767 px. */
export const PHONE_QUERY = '(max-width: 767px)'

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined
  const list = window.matchMedia(PHONE_QUERY)
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

function snapshot(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(PHONE_QUERY).matches
}

/** True on screens up to 767 px wide; follows rotation and window resizes across the breakpoint. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false)
}
