import { useMemo, useSyncExternalStore } from 'react'
import { outbox as defaultOutbox, type Outbox } from './outbox'
import type { OutboxItem } from './outbox-item'

/** The queued changes, live, for "waiting for the network" badges and the failed-change list. */
export function useOutboxItems(
  filter?: (item: OutboxItem) => boolean,
  source: Outbox = defaultOutbox,
): readonly OutboxItem[] {
  const items = useSyncExternalStore(source.subscribe, source.getItems, source.getItems)
  return useMemo(() => (filter ? items.filter(filter) : items), [items, filter])
}
