import { useEffect, useState } from 'react'

/** Whole seconds left until `until` (epoch ms), ticking once a second; 0 when it has passed. */
export function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = () => {
      const time = Date.now()
      setNow(time)
      if (time < until) timer = setTimeout(tick, Math.min(1000, until - time))
    }
    // The first tick right away: `now` may be from long before this deadline was set.
    timer = setTimeout(tick, 0)
    return () => clearTimeout(timer)
  }, [until])
  return Math.max(0, Math.ceil((until - now) / 1000))
}
