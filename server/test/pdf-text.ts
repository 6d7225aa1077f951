import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/**
 * The text of a PDF as a reader's copy-and-paste would give it (pdf.js, the extractor browsers use):
 * every page's text items in order, each run of white space (a wrapped line, a no-break space) as one
 * space. For tests: it proves the text is really there, in characters, not just drawn.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise
  const pages: string[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n)
    const content = await page.getTextContent()
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join('')
        .replace(/\s+/g, ' '),
    )
  }
  await doc.destroy()
  return pages.join('\n')
}
