import { STATEMENT_MAX_BYTES } from '../../../../contract/values/broker'
import { formatNumber } from '../../../i18n/format'

/*
 * The bank statement the shopper attaches (purchase flow 5): a PDF, at most 2 MB. The store checks it
 * again by content; these checks spare the shopper an upload the store would refuse anyway.
 */

export { STATEMENT_MAX_BYTES }

/** What is wrong with a chosen file, or null when it may be uploaded. */
export type StatementProblem = 'empty' | 'notPdf' | 'tooLarge'

/** Every PDF starts with these bytes, whatever its name says. */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-

export function isPdfHead(head: Uint8Array): boolean {
  return PDF_MAGIC.every((byte, index) => head[index] === byte)
}

async function headOf(file: Blob): Promise<Uint8Array> {
  const slice = file.slice(0, PDF_MAGIC.length)
  // jsdom's Blob has no arrayBuffer(); a FileReader is everywhere.
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer())
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => reject(reader.error ?? new Error('read failed'))
    reader.readAsArrayBuffer(slice)
  })
}

/** The file's own bytes decide, not its name or type: a renamed picture is not a PDF. */
export async function statementProblem(file: Blob): Promise<StatementProblem | null> {
  if (file.size === 0) return 'empty'
  if (file.size > STATEMENT_MAX_BYTES) return 'tooLarge'
  return isPdfHead(await headOf(file)) ? null : 'notPdf'
}

export interface SizeLabel {
  amount: string
  unit: 'KB' | 'MB'
}

/** Kilobytes below 1000 KB, else megabytes with one decimal (purchase flow 5). */
export function statementSizeLabel(bytes: number): SizeLabel {
  const kilobytes = bytes / 1024
  if (kilobytes < 1000) return { amount: formatNumber(Math.max(1, Math.round(kilobytes))), unit: 'KB' }
  return {
    amount: formatNumber(bytes / (1024 * 1024), { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    unit: 'MB',
  }
}
