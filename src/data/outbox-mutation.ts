import type { QueryClient } from '@tanstack/react-query'
import { outbox as defaultOutbox, type Outbox } from './outbox'
import type { Enqueued, EnqueueInput, OptimisticHooks, OutboxOutcome } from './outbox-item'

export type OutboxMutation = EnqueueInput & Omit<OptimisticHooks, 'queryClient'>

/**
 * A change shown at once and sent through the outbox: `apply` edits the cache now, `rollback` undoes it
 * if the server refuses or the shopper discards it, and `invalidate` keys are refetched either way.
 */
export function outboxMutation(
  queryClient: QueryClient,
  { apply, rollback, onSuccess, ...input }: OutboxMutation,
  target: Outbox = defaultOutbox,
): Enqueued {
  // An in-flight fetch started before the change would overwrite the optimistic data when it lands.
  for (const queryKey of input.invalidate ?? []) void queryClient.cancelQueries({ queryKey })
  return target.enqueue(input, { queryClient, apply, rollback, onSuccess })
}

/**
 * Waits for a change and drops it from the queue if the server refused it: a refusal is told to the
 * shopper once (a toast, a field's error), not kept in a list of failed changes.
 */
export async function settled(enqueued: Enqueued, queue: Outbox = defaultOutbox): Promise<OutboxOutcome> {
  const outcome = await enqueued.outcome
  if (outcome.status === 'failed') queue.discard(enqueued.id)
  return outcome
}
