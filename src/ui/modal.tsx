import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { IconButton } from './button'
import { CloseIcon } from './icons'
import styles from './modal.module.css'

export interface ModalProps {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus, closes on Escape and returns focus
 * to where it was. A click on the dimmed backdrop closes it too. On phones it slides up as a sheet.
 */
export function Modal({ open, onClose, title, children }: ModalProps) {
  const { t } = useLingui()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      {open ? (
        <>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <IconButton label={t`Закрыть`} onClick={onClose}>
              <CloseIcon size="M" />
            </IconButton>
          </div>
          <div className={styles.body}>{children}</div>
        </>
      ) : null}
    </dialog>
  )
}
