import {
  BROKER_ERROR_KEYS as KEYS,
  STATEMENT_MAX_BYTES,
  type StatementUploaded,
} from '../../../contract/broker'
import { HttpError, unprocessable } from '../../http/errors'

/** Every PDF starts with `%PDF-` (ISO 32000, 7.5.2); a renamed picture does not. */
const PDF_MAGIC = Buffer.from('%PDF-')

/**
 * Checks a bank statement by its bytes, never its name or declared type (purchase flow 5): present,
 * a PDF, at most 2 MB. Answers it as the application will carry it back.
 */
export function acceptStatement(filename: string, bytes: Buffer, truncated: boolean): StatementUploaded {
  if (truncated || bytes.length > STATEMENT_MAX_BYTES)
    throw new HttpError(413, 'payload_too_large', KEYS.pdfTooLarge, { max: STATEMENT_MAX_BYTES })
  if (bytes.length === 0) throw unprocessable(KEYS.uploadPdf)
  if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw unprocessable(KEYS.fileMustBePdf)
  const safeName = filename.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 200) || 'statement.pdf'
  return { filename: safeName, fileEncoded: bytes.toString('base64'), size: bytes.length }
}
