/**
 * The category part of a catalogue URL (spec 2.3): category path segments, optionally followed by `/f/`
 * and pairs of filter code and value, the pairs sorted by value:
 *
 *   /catalog/smartfony/apple-iphone/f/color/black/memory/128gb
 *            └── segments ─────────┘   └── filters, sorted by value ──┘
 *
 * The route `/{-$city}/catalog/$` hands the part after `/catalog/` (its splat) to {@link parseCategoryPath}.
 */
export interface CategoryFilter {
  code: string
  value: string
}

export interface CategoryPath {
  segments: string[]
  filters: CategoryFilter[]
}

const FILTER_MARK = 'f'

/** `null` when the splat is not a category path: no category, or a filter code without its value. */
export function parseCategoryPath(splat: string | undefined): CategoryPath | null {
  const parts = (splat ?? '').split('/').filter((p) => p !== '')
  const mark = parts.indexOf(FILTER_MARK)
  const segments = mark === -1 ? parts : parts.slice(0, mark)
  const pairs = mark === -1 ? [] : parts.slice(mark + 1)
  if (segments.length === 0 || pairs.length % 2 !== 0) return null
  const filters: CategoryFilter[] = []
  for (let i = 0; i < pairs.length; i += 2) {
    filters.push({ code: pairs[i] as string, value: pairs[i + 1] as string })
  }
  return { segments, filters }
}

function byValue(a: CategoryFilter, b: CategoryFilter): number {
  if (a.value !== b.value) return a.value < b.value ? -1 : 1
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0
}

/** The splat for a category and its filters, the pairs sorted by value so one filter set has one URL. */
export function buildCategoryPath({ segments, filters }: CategoryPath): string {
  const head = segments.join('/')
  if (filters.length === 0) return head
  const pairs = [...filters].sort(byValue).flatMap((f) => [f.code, f.value])
  return `${head}/${FILTER_MARK}/${pairs.join('/')}`
}
