import { useLingui } from '@lingui/react/macro'
import { useSyncExternalStore, type MouseEvent } from 'react'
import { CheckCircleIcon, CloseIcon, ErrorCircleIcon, InfoIcon, WarningIcon } from '../icons'
import styles from './toast.module.css'
import { toast as appToasts, type Toast, type ToastStore } from './toast-store'

const STATUS_ICON = {
  success: CheckCircleIcon,
  error: ErrorCircleIcon,
  warning: WarningIcon,
  button: InfoIcon,
} as const

/** Renders the open toasts; one in the shell. Errors and warnings interrupt (alert), the rest wait (status). */
export function Toaster({ store = appToasts }: { store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
  return (
    <div className={styles.region} data-testid="toaster">
      {toasts.map((t) => (
        <ToastView key={t.id} toast={t} store={store} />
      ))}
    </div>
  )
}

function ToastView({ toast, store }: { toast: Toast; store: ToastStore }) {
  const { t } = useLingui()
  const Icon = STATUS_ICON[toast.status]
  const urgent = toast.status === 'error' || toast.status === 'warning'

  const confirm = (event: MouseEvent<HTMLButtonElement>) => {
    // spec 2.8: the confirm button's click does not reach the elements under the toast
    event.stopPropagation()
    event.preventDefault()
    toast.button?.onClick()
    store.dismiss(toast.id)
  }

  return (
    <div
      className={`${styles.toast} ${styles[toast.status]}`}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-status={toast.status}
      onMouseEnter={() => store.pause(toast.id)}
      onMouseLeave={() => store.resume(toast.id)}
      onFocus={() => store.pause(toast.id)}
      onBlur={() => store.resume(toast.id)}
    >
      <Icon size="M" className={styles.icon} />
      <div className={styles.body}>
        <p className={styles.title}>{toast.title}</p>
        {toast.message ? <p className={styles.message}>{toast.message}</p> : null}
      </div>
      {toast.button ? (
        <button type="button" className={styles.action} onClick={confirm}>
          {toast.button.label}
        </button>
      ) : null}
      <button
        type="button"
        className={styles.close}
        aria-label={t`Закрыть уведомление`}
        onClick={(event) => {
          event.stopPropagation()
          store.dismiss(toast.id)
        }}
      >
        <CloseIcon size="S" />
      </button>
    </div>
  )
}
