import type { Lang } from '../../../contract/common'
import type { ProductRecord } from './catalog-index'

export interface CertificateView {
  id: string
  title: string
  issued_by: string
  valid_until: string
}

/** Where a brand's goods are made, as conformity documents name the applicant's country. */
const ORIGIN: Record<string, string> = {
  apple: 'US',
  samsung: 'KR',
  lg: 'KR',
  sony: 'JP',
  intel: 'US',
  amd: 'US',
  bosch: 'DE',
}

const BODIES: [ru: string, kk: string][] = [
  ['ТОО «Казахстанский центр сертификации»', '«Қазақстан сертификаттау орталығы» ЖШС'],
  [
    'ТОО «Национальный центр экспертизы и сертификации»',
    '«Ұлттық сараптама және сертификаттау орталығы» ЖШС',
  ],
  ['ТОО «Астана-Стандарт»', '«Астана-Стандарт» ЖШС'],
]

function hash(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

/**
 * The EAEU conformity documents of a product. The store has no document register yet, so they are
 * derived from the sku (stable for a product, distinct between products) until the ERP feeds real
 * ones; services, warranty extensions, gift cards and software keys need none.
 */
export function certificatesOf(record: ProductRecord, lang: Lang): CertificateView[] {
  if (record.type !== 'regular' && record.type !== 'mto') return []
  const h = hash(record.sku)
  const country = ORIGIN[record.brand?.slug ?? ''] ?? 'CN'
  const year = 2023 + (h % 3)
  const yy = String(year).slice(2)
  const body = BODIES[h % BODIES.length]!
  const month = String(1 + (h % 12)).padStart(2, '0')
  const day = String(1 + ((h >>> 4) % 28)).padStart(2, '0')
  const declaration: CertificateView = {
    id: `ЕАЭС N RU Д-${country}.РА01.В.${String(h % 100_000).padStart(5, '0')}/${yy}`,
    title: lang === 'kk' ? 'ЕАЭО сәйкестік декларациясы' : 'Декларация о соответствии ЕАЭС',
    issued_by: lang === 'kk' ? body[1] : body[0],
    valid_until: `${year + 5}-${month}-${day}`,
  }
  const out = [declaration]
  // goods with their own mains power also carry a certificate under TR CU 004/2011 (low voltage)
  if (
    (record.attributes.power ?? record.attributes.energy_class ?? record.attributes.wattage) !== undefined
  ) {
    out.push({
      id: `ЕАЭС KZ.7500361.22.01.${String((h >>> 8) % 100_000).padStart(5, '0')}`,
      title:
        lang === 'kk' ? 'КО ТР 004/2011 сәйкестік сертификаты' : 'Сертификат соответствия ТР ТС 004/2011',
      issued_by: lang === 'kk' ? body[1] : body[0],
      valid_until: `${year + 3}-${month}-${day}`,
    })
  }
  return out
}
