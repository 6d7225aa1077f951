/** Whether a benefit with these dates and flag runs at `now`; `validTo` is exclusive, null is open-ended. */
export function runsAt(
  row: { validFrom: Date; validTo: Date | null; isActive: boolean },
  now: Date,
): boolean {
  return row.isActive && row.validFrom <= now && (row.validTo === null || now < row.validTo)
}
