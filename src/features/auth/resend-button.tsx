import { useLingui } from '@lingui/react/macro'
import { Button } from '../../ui/button'
import { useCountdown } from './use-countdown'

export interface ResendButtonProps {
  /** Epoch ms from which another SMS may be asked (now + the server's penalty). */
  until: number
  onSend: () => void
  busy: boolean
  /** The first request of a code (a full-width button) rather than "send again". */
  first?: boolean
}

/** Asks for an SMS code once the penalty the server named has passed; until then, how long is left. */
export function ResendButton({ until, onSend, busy, first = false }: ResendButtonProps) {
  const { t } = useLingui()
  const seconds = useCountdown(until)
  const label = first
    ? seconds > 0
      ? t`Получить код через ${seconds} с`
      : t`Получить код`
    : seconds > 0
      ? t`Отправить код повторно через ${seconds} с`
      : t`Отправить код повторно`
  return (
    <Button
      variant={first ? 'primary' : 'ghost'}
      size={first ? 'm' : 's'}
      block={first}
      disabled={seconds > 0 || busy}
      onClick={onSend}
      data-testid={first ? 'recovery-send' : 'login-resend'}
    >
      {label}
    </Button>
  )
}
