import { useEffect, useState, type RefObject } from 'react'

/** Spec 9: content below the fold starts loading when it comes within 200 px of the screen. */
export const PREFETCH_ROOT_MARGIN = '200px'

/**
 * True once the element has come near the screen; stays true. Without IntersectionObserver, right after
 * the first render. False in the first render always, on the server too, so a server-rendered page
 * hydrates without a mismatch and its below-the-fold parts load in the browser.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = PREFETCH_ROOT_MARGIN): boolean {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (seen || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      let live = true
      void Promise.resolve().then(() => live && setSeen(true))
      return () => {
        live = false
      }
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true)
          observer.disconnect()
        }
      },
      { rootMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, rootMargin, seen])
  return seen
}
