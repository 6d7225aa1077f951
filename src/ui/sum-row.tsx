import { formatMoney } from '../i18n/format'

/** One line of a money summary (a definition list's term and amount); `minus` shows a deduction. */
export function SumRow({
  label,
  amount,
  testId,
  minus,
  className,
}: {
  label: string
  amount: number
  testId: string
  minus?: boolean
  className?: string | undefined
}) {
  return (
    <div className={className} data-testid={testId} data-amount={amount}>
      <dt>{label}</dt>
      <dd>{minus ? `−${formatMoney(amount)}` : formatMoney(amount)}</dd>
    </div>
  )
}
