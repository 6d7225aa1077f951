import type { LoadRequest } from './load'

export interface Scenario {
  name: string
  /** Requests sent before measuring, e.g. to fill the image cache; not counted. */
  warmup?: LoadRequest[]
  requests: LoadRequest[]
  /** Each request asked at most once (see `LoadOptions.once`). */
  once?: boolean
  /** The target this scenario is held to, printed beside the figure. */
  target?: string
  /**
   * Also measure the bare hello-world sending a static answer as big as this scenario's: for large
   * answers, moving the bytes through loopback and the load generator is most of a request's cost,
   * and how much depends on the machine.
   */
  sizedCeiling?: boolean
  /** Connections and a steady rate of its own, instead of the run's connections as fast as they go. */
  load?: { connections: number; overallRate?: number }
  /**
   * Work started with the load, which runs until it ends (the catalogue import); what it resolves to is
   * printed under the table.
   */
  alongside?: () => Promise<string>
}
