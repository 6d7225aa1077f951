import type { ButtonHTMLAttributes, ReactNode } from 'react'
import styles from './button.module.css'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost'
export type ButtonSize = 'm' | 's'

export interface ButtonLookOptions {
  variant?: ButtonVariant
  size?: ButtonSize
  block?: boolean
}

/** The class names of a button, for links that look like buttons (`<Link className={buttonClassName()}>`). */
export function buttonClassName({ variant = 'primary', size = 'm', block = false }: ButtonLookOptions = {}) {
  return [styles.button, styles[variant], size === 's' && styles.small, block && styles.block]
    .filter(Boolean)
    .join(' ')
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLookOptions {
  icon?: ReactNode
}

export function Button({
  variant,
  size,
  block,
  icon,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const look = buttonClassName({ variant, size, block })
  return (
    <button type={type} className={className ? `${look} ${className}` : look} {...rest}>
      {icon}
      {children}
    </button>
  )
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** Required: an icon-only button needs a name for screen readers. */
  label: string
  children: ReactNode
}

export function IconButton({ label, className, type = 'button', children, ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={className ? `${styles.iconButton} ${className}` : styles.iconButton}
      {...rest}
    >
      {children}
    </button>
  )
}
