export type StarFill = 'full' | 'half' | 'empty'

/** Five stars for a 0-5 rating, rounded to the nearest half star. */
export function ratingStars(rating: number): StarFill[] {
  const halves = Math.round(Math.min(5, Math.max(0, Number.isFinite(rating) ? rating : 0)) * 2)
  return Array.from({ length: 5 }, (_, i) => {
    const left = halves - i * 2
    return left >= 2 ? 'full' : left === 1 ? 'half' : 'empty'
  })
}
