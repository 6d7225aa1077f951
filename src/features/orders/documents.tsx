import type { OrderDetail } from '../../../contract/checkout'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { OMS_V3 } from '../../../contract/values/account-area'
import { OMS_V1 } from '../../../contract/values/checkout'
import { DOCUMENT_ERROR_KEYS, PDF_BARCODE_PATH } from '../../../contract/values/documents'
import { isApiError } from '../../data/api-error'
import { downloadPdf } from '../../data/pdf'
import { Button } from '../../ui/button'
import styles from './documents.module.css'

type DocumentKind = 'check' | 'invoice' | 'barcode'

/** Where each document comes from, and the name the shopper's copy is saved under. */
export const orderDocuments = {
  check: (id: string, number: string) => ({
    method: 'GET' as const,
    path: `${OMS_V1}/orders/${id}/check`,
    filename: `check-${number}.pdf`,
  }),
  invoice: (id: string, number: string) => ({
    method: 'GET' as const,
    path: `${OMS_V3}/orders/${id}/invoice`,
    filename: `invoice-${number}.pdf`,
  }),
  barcode: (id: string, number: string) => ({
    method: 'POST' as const,
    path: PDF_BARCODE_PATH,
    filename: `barcode-${number}.pdf`,
    body: { order_id: id },
  }),
} satisfies Record<DocumentKind, (id: string, number: string) => unknown>

const ERRORS: Record<string, MessageDescriptor> = {
  [DOCUMENT_ERROR_KEYS.invoiceForOrganisations]: msg`Счёт выставляется только на заказы организаций`,
  'errors:noConnection': msg`Нет соединения с интернетом. Попробуйте, когда сеть вернётся.`,
  'errors:pleaseLogInAgain': msg`Войдите снова, чтобы скачать документ`,
}

/**
 * The order page's documents (purchase flow 7): the receipt, the invoice of an organisation's order
 * and the order's barcode, each a PDF in the shopper's language, saved as a file.
 */
export function OrderDocuments({ order }: { order: OrderDetail }) {
  const { order_id: orderId, number } = order
  // an organisation's order also has an invoice
  const isOrganization = order.receiver.isOrganization
  const { t, i18n } = useLingui()
  const [busy, setBusy] = useState<DocumentKind | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function download(kind: DocumentKind) {
    const document = orderDocuments[kind](orderId, number)
    setBusy(kind)
    setError(null)
    try {
      await downloadPdf(
        document.method,
        document.path,
        document.filename,
        'body' in document ? document.body : undefined,
      )
    } catch (failure) {
      const known = isApiError(failure) ? (ERRORS[failure.messageKey] ?? ERRORS[failure.code]) : undefined
      // Purchase flow 8: a document that failed is "failed to complete the operation".
      setError(i18n._(known ?? msg`Не удалось выполнить операцию. Попробуйте позже.`))
    } finally {
      setBusy(null)
    }
  }

  const button = (kind: DocumentKind, label: string) => (
    <Button
      variant="secondary"
      size="s"
      disabled={busy !== null}
      aria-busy={busy === kind}
      onClick={() => void download(kind)}
      data-testid={`document-${kind}`}
    >
      {busy === kind ? t`Готовим PDF…` : label}
    </Button>
  )

  return (
    <section
      className={styles.documents}
      aria-labelledby="order-documents-title"
      data-testid="order-documents"
    >
      <h2 id="order-documents-title" className={styles.title}>{t`Документы`}</h2>
      <div className={styles.links}>
        {button('check', t`Товарный чек (PDF)`)}
        {isOrganization ? button('invoice', t`Счёт на оплату (PDF)`) : null}
        {button('barcode', t`Штрихкод заказа (PDF)`)}
      </div>
      {error ? (
        <p className={styles.error} role="alert" data-testid="document-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}
