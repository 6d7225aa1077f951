import { useEffect, useState, type RefObject } from 'react'

/** Spec 9: content below the fold starts loading when it comes within 200 px of the screen. */
export const PREFETCH_ROOT_MARGIN = '200px'

/** True once the element has come near the screen; stays true. Without IntersectionObserver, at once. */
export function useInView(ref: RefObject<Element | null>, rootMargin = PREFETCH_ROOT_MARGIN): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (seen || !element) return
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
