import { useState } from 'react'

/**
 * A choice the shopper just made, shown at once while the work it starts (loading the page it asks for)
 * runs; once the work is over the value the page's state gives is shown again. React's useOptimistic
 * does this inside a transition, but preact/compat, which the store runs on, has no useOptimistic.
 * `choose` answers the work's own promise, so its failure reaches the caller.
 */
export function usePendingChoice<T>(
  settled: T,
): [shown: T, choose: (next: T, work: () => Promise<unknown>) => Promise<unknown>] {
  const [pending, setPending] = useState<{ value: T } | null>(null)
  const choose = (next: T, work: () => Promise<unknown>) => {
    const choice = { value: next }
    setPending(choice)
    // A later choice owns the box: this one's end must not clear it.
    return work().finally(() => setPending((current) => (current === choice ? null : current)))
  }
  return [pending ? pending.value : settled, choose]
}
