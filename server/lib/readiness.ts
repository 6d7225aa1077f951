/**
 * What the process still prepares before it answers at full speed (the catalogue index takes seconds
 * at 200k products). The health check reports it so a load balancer or a test runner waits for it.
 */
export class Readiness {
  private readonly checks = new Map<string, () => boolean>()

  /** Registers a part that is ready when `isReady` says so. */
  add(name: string, isReady: () => boolean): void {
    this.checks.set(name, isReady)
  }

  /** The parts not ready yet, by name, sorted. */
  pending(): string[] {
    return [...this.checks]
      .filter(([, isReady]) => !isReady())
      .map(([name]) => name)
      .sort()
  }
}
