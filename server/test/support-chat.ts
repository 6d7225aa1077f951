import { WebSocket } from 'ws'
import type { SupportClientFrame, SupportServerFrame } from '../../contract/values/support-chat'

/** A test's WebSocket client: every frame it got, and a way to wait for the one a test expects. */
export interface TestSocket {
  frames: SupportServerFrame[]
  send(frame: SupportClientFrame): void
  next<T extends SupportServerFrame['type']>(
    type: T,
    where?: (frame: Extract<SupportServerFrame, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<SupportServerFrame, { type: T }>>
  /** Every message number the socket was sent, in the order it got them. */
  seqs(): number[]
  close(): Promise<void>
  raw: WebSocket
}

export function openSocket(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const raw = new WebSocket(url, { headers })
  const frames: SupportServerFrame[] = []
  const waiters = new Set<() => void>()
  raw.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as SupportServerFrame)
    for (const wake of waiters) wake()
  })
  const socket: TestSocket = {
    frames,
    raw,
    send: (frame) => raw.send(JSON.stringify(frame)),
    next(type, where = () => true, timeoutMs = 5_000) {
      type F = Extract<SupportServerFrame, { type: typeof type }>
      let from = 0
      return new Promise<F>((resolve, reject) => {
        const look = () => {
          for (; from < frames.length; from++) {
            const frame = frames[from] as SupportServerFrame
            if (frame.type === type && where(frame as F)) {
              from++
              waiters.delete(look)
              clearTimeout(timer)
              resolve(frame as F)
              return
            }
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(look)
          reject(new Error(`no ${type} frame in ${timeoutMs} ms; got ${JSON.stringify(frames)}`))
        }, timeoutMs)
        waiters.add(look)
        look()
      })
    },
    seqs: () => frames.flatMap((f) => (f.type === 'messages' ? f.messages.map((m) => m.seq) : [])),
    close: () =>
      new Promise<void>((resolve) => {
        if (raw.readyState === raw.CLOSED) return resolve()
        raw.once('close', () => resolve())
        raw.close()
      }),
  }
  return new Promise((resolve, reject) => {
    raw.once('open', () => resolve(socket))
    raw.once('unexpected-response', (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)))
    raw.once('error', reject)
  })
}
