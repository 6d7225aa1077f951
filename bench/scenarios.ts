import type { LoadRequest } from './lib/load'

export interface Scenario {
  name: string
  /** Requests sent before measuring, e.g. to fill the image cache; not counted. */
  warmup?: LoadRequest[]
  requests: LoadRequest[]
  /** The target this scenario is held to, printed beside the figure. */
  target?: string
}

const IMAGE_SIZES = [150, 208, 272] as const

/** Image ids follow the seed's `p{productId}-{position}` scheme; products 1..n all exist. */
function productImages(count: number): LoadRequest[] {
  return Array.from({ length: count }, (_, i) => ({
    path: `/f3/api/v1/images/${IMAGE_SIZES[i % IMAGE_SIZES.length]}/${IMAGE_SIZES[i % IMAGE_SIZES.length]}/p${i + 1}-0.webp`,
  }))
}

export function storeScenarios(): Scenario[] {
  const images = productImages(60)
  return [
    { name: 'GET /api/health', requests: [{ path: '/api/health' }] },
    { name: 'GET image (cached, 3 sizes)', warmup: images, requests: images },
  ]
}
