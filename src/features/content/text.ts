/** Plain text from the content service: paragraphs split by a blank line, lines kept within a paragraph. */
export function textParagraphs(text: string): string[][] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
}

/** A promotion is shown with its end date while it runs; its start date when it has not started yet. */
export function promotionPhase(
  startsAt: string,
  endsAt: string,
  now: Date,
): 'upcoming' | 'running' | 'ended' {
  const start = Date.parse(startsAt)
  const end = Date.parse(endsAt)
  if (Number.isFinite(start) && now.getTime() < start) return 'upcoming'
  if (Number.isFinite(end) && now.getTime() > end) return 'ended'
  return 'running'
}
