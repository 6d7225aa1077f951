import { Suspense, useState, type ReactNode } from 'react'
import { nextTask } from './next-task'

/**
 * A server-rendered page hydrates in turns instead of in one long task: the frame first, then each part
 * wrapped in `HydrateInTurn`, one part per task. Between turns the browser paints and answers the
 * shopper's taps, so no task blocks a slow phone for long (Lighthouse's Total Blocking Time).
 *
 * It leans on how preact/compat treats a component that suspends while hydrating: the server's markup
 * stays on screen untouched and is hydrated when the promise settles. The server's markup of a part
 * must therefore have exactly one root element; preact keeps that node and nothing after it.
 */

/** True while a hydration pass runs: the first one, then each part's in its turn. */
let handingOutTurns = false
/** The last turn given out: parts get theirs in page order, each in the task after the previous one's. */
let lastTurn: Promise<void> = Promise.resolve()

interface Ticket {
  turn: Promise<void>
  come: boolean
}

/**
 * Parts inside a part that is hydrating in its turn wait for turns of their own too. The part renders in
 * this task's microtasks, before any timer, so the flag is down again before the next turn's task.
 */
function openTurn() {
  handingOutTurns = true
  setTimeout(() => {
    handingOutTurns = false
  }, 0)
}

/** A part rendered by a hydration pass waits for a turn; one rendered later (a client render) does not. */
function takeTicket(): Ticket | undefined {
  if (!handingOutTurns) return undefined
  const ticket: Ticket = { turn: Promise.resolve(), come: false }
  ticket.turn = lastTurn = lastTurn.then(nextTask).then(() => {
    ticket.come = true
    openTurn()
  })
  return ticket
}

function Turn({ ticket, children }: { ticket: Ticket | undefined; children: ReactNode }) {
  if (ticket && !ticket.come) throw ticket.turn
  return children
}

/**
 * A part of the page hydrated in its own turn; on the client's own renders it is just its children.
 * The ticket is held here, outside the part that suspends (whose own state is dropped while it waits),
 * so a parent that re-renders before the part's turn (a layout switching to phone, say) leaves the part
 * waiting instead of hydrating it there and then.
 */
export function HydrateInTurn({ children }: { children: ReactNode }) {
  const [ticket] = useState(takeTicket)
  return (
    <Suspense fallback={null}>
      <Turn ticket={ticket}>{children}</Turn>
    </Suspense>
  )
}

/**
 * Runs `hydrate` (a synchronous hydrateRoot) so that the parts render later, each in its own task.
 * Resolves once every part has hydrated: a part renders in its turn's task, so one task after the last
 * turn all of them have.
 */
export async function hydrateInTurns(hydrate: () => void): Promise<void> {
  handingOutTurns = true
  try {
    hydrate()
  } finally {
    handingOutTurns = false
  }
  performance.mark('store:frame-hydrated')
  // Parts inside parts take their turns after the ones before them: wait until no more are handed out.
  let last: Promise<void> | undefined
  while (last !== lastTurn) {
    last = lastTurn
    await last
    await nextTask()
  }
}
