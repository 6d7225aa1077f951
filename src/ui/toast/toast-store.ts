/**
 * The toast store (spec 2.8): four statuses — success, error, warning, and the default 'button' status
 * that carries a confirm button whose text and handler the caller supplies. A toast closes by itself
 * after 5000 ms; the timer pauses while the shopper hovers or focuses it, so it cannot vanish mid-read.
 *
 * Plain TypeScript with a subscribe/snapshot pair for React's useSyncExternalStore: code outside
 * components (mutations, the service worker registration) can call `toast.show()` too.
 */
export type ToastStatus = 'success' | 'error' | 'warning' | 'button'

export const TOAST_AUTO_CLOSE_MS = 5000

export interface ToastButton {
  label: string
  onClick: () => void
}

export interface ToastOptions {
  /** Defaults to 'button', as in the spec. */
  status?: ToastStatus
  title: string
  message?: string
  button?: ToastButton
  /** Milliseconds before it closes itself; `null` keeps it until the shopper closes it. */
  duration?: number | null
  /** Showing a toast with the id of an open one replaces it instead of stacking a copy. */
  id?: string
}

export interface Toast {
  id: string
  status: ToastStatus
  title: string
  message?: string
  button?: ToastButton
  duration: number | null
}

interface Timer {
  handle: ReturnType<typeof setTimeout> | undefined
  startedAt: number
  remaining: number
}

export interface ToastStore {
  show(options: ToastOptions): string
  success(title: string, options?: Omit<ToastOptions, 'status' | 'title'>): string
  error(title: string, options?: Omit<ToastOptions, 'status' | 'title'>): string
  warning(title: string, options?: Omit<ToastOptions, 'status' | 'title'>): string
  dismiss(id: string): void
  clear(): void
  /** Stops the auto-close countdown (hover, focus); `resume` continues with the time that was left. */
  pause(id: string): void
  resume(id: string): void
  subscribe(listener: () => void): () => void
  getSnapshot(): readonly Toast[]
}

export interface ToastStoreOptions {
  autoCloseMs?: number
  /** The oldest toasts close when more than this many are open. */
  maxVisible?: number
}

export function createToastStore({
  autoCloseMs = TOAST_AUTO_CLOSE_MS,
  maxVisible = 4,
}: ToastStoreOptions = {}): ToastStore {
  let toasts: readonly Toast[] = []
  const timers = new Map<string, Timer>()
  const listeners = new Set<() => void>()
  let counter = 0

  const emit = () => {
    for (const listener of listeners) listener()
  }

  const stopTimer = (id: string) => {
    const timer = timers.get(id)
    if (timer?.handle !== undefined) clearTimeout(timer.handle)
    timers.delete(id)
  }

  const startTimer = (id: string, ms: number) => {
    const timer: Timer = { handle: undefined, startedAt: Date.now(), remaining: ms }
    timer.handle = setTimeout(() => dismiss(id), ms)
    timers.set(id, timer)
  }

  function dismiss(id: string) {
    stopTimer(id)
    const next = toasts.filter((t) => t.id !== id)
    if (next.length === toasts.length) return
    toasts = next
    emit()
  }

  function show(options: ToastOptions): string {
    const id = options.id ?? `toast-${++counter}`
    const duration = options.duration === undefined ? autoCloseMs : options.duration
    const toast: Toast = {
      id,
      status: options.status ?? 'button',
      title: options.title,
      ...(options.message !== undefined && { message: options.message }),
      ...(options.button !== undefined && { button: options.button }),
      duration,
    }
    stopTimer(id)
    const others = toasts.filter((t) => t.id !== id)
    const overflow = others.slice(0, Math.max(0, others.length + 1 - maxVisible))
    for (const old of overflow) stopTimer(old.id)
    toasts = [...others.slice(overflow.length), toast]
    if (duration !== null && Number.isFinite(duration)) startTimer(id, duration)
    emit()
    return id
  }

  return {
    show,
    success: (title, options) => show({ ...options, title, status: 'success' }),
    error: (title, options) => show({ ...options, title, status: 'error' }),
    warning: (title, options) => show({ ...options, title, status: 'warning' }),
    dismiss,
    clear() {
      for (const id of [...timers.keys()]) stopTimer(id)
      if (toasts.length === 0) return
      toasts = []
      emit()
    },
    pause(id) {
      const timer = timers.get(id)
      if (!timer || timer.handle === undefined) return
      clearTimeout(timer.handle)
      timer.handle = undefined
      timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt))
    },
    resume(id) {
      const timer = timers.get(id)
      if (!timer || timer.handle !== undefined) return
      startTimer(id, timer.remaining)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => toasts,
  }
}

/** The app's toasts, rendered by <Toaster/> in the shell. */
export const toast = createToastStore()
