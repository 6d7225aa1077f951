export interface LatencySummary {
  p50: number
  p95: number
  p99: number
  max: number
}

/** Nearest-rank percentiles over every response time of a run, in milliseconds. */
export function summarise(latencies: number[]): LatencySummary {
  if (latencies.length === 0) return { p50: 0, p95: 0, p99: 0, max: 0 }
  const sorted = Float64Array.from(latencies).sort()
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
  return { p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1] ?? 0 }
}
