/**
 * Which page links the pagination shows (spec 2.3): a window of 5 pages around the current one, 3 on
 * screens up to 767 px, plus the first and the last page with a gap mark where pages are skipped.
 */
export const PAGE_WINDOW = 5
export const PAGE_WINDOW_PHONE = 3

export type PaginationItem = { type: 'page'; page: number } | { type: 'gap'; key: 'start' | 'end' }

export function lastPage(total: number, limit: number): number {
  if (!(total > 0) || !(limit > 0)) return 1
  return Math.ceil(total / limit)
}

/** The pages of the window: `pageWindow(7, 20, 5)` → `[5, 6, 7, 8, 9]`, kept inside 1..totalPages. */
export function pageWindow(current: number, totalPages: number, size: number): number[] {
  const pages = Math.max(1, Math.floor(totalPages))
  const width = Math.max(1, Math.min(Math.floor(size), pages))
  const page = Math.min(Math.max(1, Math.floor(current) || 1), pages)
  let start = page - Math.floor((width - 1) / 2)
  start = Math.max(1, Math.min(start, pages - width + 1))
  return Array.from({ length: width }, (_, i) => start + i)
}

/** The window with the first and last pages added: `1 … 5 6 7 8 9 … 20`. */
export function paginationItems(current: number, totalPages: number, size: number): PaginationItem[] {
  const pages = Math.max(1, Math.floor(totalPages))
  const window = pageWindow(current, pages, size)
  const first = window[0] ?? 1
  const last = window[window.length - 1] ?? 1
  const items: PaginationItem[] = []
  if (first > 1) items.push({ type: 'page', page: 1 })
  if (first > 2) items.push({ type: 'gap', key: 'start' })
  for (const page of window) items.push({ type: 'page', page })
  if (last < pages - 1) items.push({ type: 'gap', key: 'end' })
  if (last < pages) items.push({ type: 'page', page: pages })
  return items
}
