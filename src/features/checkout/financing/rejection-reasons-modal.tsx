import { useLingui } from '@lingui/react/macro'
import type { PaymentPartner } from '../../../../contract/broker'
import { Modal } from '../../../ui/modal'
import { REJECTION_REASONS } from './messages'
import checkout from '../checkout.module.css'
import styles from './financing.module.css'

export interface RejectionReasonsModalProps {
  open: boolean
  onClose: () => void
  partners: readonly PaymentPartner[]
}

/** The broker rejection reasons (purchase flow 2): each bank that said no, and why. */
export function RejectionReasonsModal({ open, onClose, partners }: RejectionReasonsModalProps) {
  const { t, i18n } = useLingui()
  return (
    <Modal open={open} onClose={onClose} title={t`Почему банки отказали`}>
      <ul className={checkout.options} data-testid="broker-reasons">
        {partners.map((partner) => (
          <li key={partner.code} className={`${checkout.option} ${styles.bank}`} data-testid="broker-reason">
            <img className={styles.logo} src={partner.logo} alt="" width={40} height={40} />
            <span className={checkout.optionText}>
              <strong>{partner.title}</strong>
              <span className={checkout.muted}>
                {partner.reason
                  ? i18n._(REJECTION_REASONS[partner.reason])
                  : (partner.reasonTitle ?? partner.stateTitle)}
              </span>
            </span>
            <span />
          </li>
        ))}
      </ul>
      <p className={checkout.muted}>
        {t`Банки решают сами и не всегда называют причину. Заказ можно оплатить другим способом.`}
      </p>
    </Modal>
  )
}
