import { useLingui } from '@lingui/react/macro'
import type { ClipboardEvent } from 'react'
import { Input } from '../../ui/input'
import { digitIndexAt, digitsFromInput, formatPhone, mergePaste, PHONE_PLACEHOLDER } from './phone-mask'

export interface PhoneFieldProps {
  /** The ten digits after +7. */
  value: string
  onChange: (national: string) => void
  error?: string
  autoFocus?: boolean
}

/** The masked phone input of spec 5: +7 XXX XXX XX XX, paste merged and cut to ten digits. */
export function PhoneField({ value, onChange, error, autoFocus }: PhoneFieldProps) {
  const { t } = useLingui()
  const formatted = formatPhone(value)

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const input = event.currentTarget
    const start = digitIndexAt(formatted, input.selectionStart ?? formatted.length)
    const end = digitIndexAt(formatted, input.selectionEnd ?? formatted.length)
    onChange(mergePaste(value, event.clipboardData.getData('text'), start, end))
  }

  return (
    <Input
      label={t`Номер телефона`}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      name="phone"
      placeholder={PHONE_PLACEHOLDER}
      value={formatted}
      onChange={(event) => onChange(digitsFromInput(event.target.value))}
      onPaste={onPaste}
      error={error}
      autoFocus={autoFocus}
      data-testid="login-phone"
    />
  )
}
