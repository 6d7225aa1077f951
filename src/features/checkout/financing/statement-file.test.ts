import { describe, expect, it } from 'vitest'
import { isPdfHead, STATEMENT_MAX_BYTES, statementProblem, statementSizeLabel } from './statement-file'

const pdf = (size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set(new TextEncoder().encode('%PDF-1.7\n').slice(0, size))
  return new Blob([bytes], { type: 'application/pdf' })
}

describe('the statement file', () => {
  it('accepts a PDF by its first bytes', async () => {
    expect(await statementProblem(pdf(4096))).toBeNull()
    expect(isPdfHead(new TextEncoder().encode('%PDF-1.4'))).toBe(true)
  })

  it('refuses a JPEG renamed to .pdf: the content decides, not the name or type', async () => {
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], 'statement.pdf', {
      type: 'application/pdf',
    })
    expect(await statementProblem(jpeg)).toBe('notPdf')
  })

  it('refuses an empty file', async () => {
    expect(await statementProblem(new File([], 'statement.pdf'))).toBe('empty')
  })

  it('accepts exactly 2 MB and refuses 2 MB and one byte', async () => {
    expect(await statementProblem(pdf(STATEMENT_MAX_BYTES))).toBeNull()
    expect(await statementProblem(pdf(STATEMENT_MAX_BYTES + 1))).toBe('tooLarge')
  })
})

describe('the statement size label', () => {
  it('shows kilobytes below 1000 KB', () => {
    expect(statementSizeLabel(512 * 1024)).toEqual({ amount: '512', unit: 'KB' })
    expect(statementSizeLabel(999 * 1024)).toEqual({ amount: '999', unit: 'KB' })
    expect(statementSizeLabel(300)).toEqual({ amount: '1', unit: 'KB' })
  })

  it('shows megabytes with one decimal from 1000 KB', () => {
    expect(statementSizeLabel(1000 * 1024)).toEqual({ amount: '1,0', unit: 'MB' })
    expect(statementSizeLabel(1.46 * 1024 * 1024)).toEqual({ amount: '1,5', unit: 'MB' })
    expect(statementSizeLabel(STATEMENT_MAX_BYTES)).toEqual({ amount: '2,0', unit: 'MB' })
  })
})
