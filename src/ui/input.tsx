import { useId, type InputHTMLAttributes, type Ref } from 'react'
import styles from './input.module.css'

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  /** Hides the label visually; screen readers still read it. */
  hideLabel?: boolean
  hint?: string
  error?: string
  ref?: Ref<HTMLInputElement>
}

/** A labelled text field with its hint and error tied to it for screen readers. */
export function Input({ label, hideLabel, hint, error, id, className, ref, ...rest }: InputProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
