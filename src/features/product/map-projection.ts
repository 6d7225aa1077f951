import type { GeoPosition } from '../../../contract/menu'

export interface MapBox {
  width: number
  height: number
  /** Space kept free at every edge so markers are not cut. */
  padding: number
}

export interface MapPoint {
  x: number
  y: number
}

/**
 * Places coordinates on a flat picture of the given size: an equirectangular projection with the
 * longitude scaled by the cosine of the middle latitude (so a city keeps its shape), fitted into the box
 * with the same scale on both axes and centred. North is up. One point, or points on top of each
 * other, land in the middle.
 */
export function projectPoints(points: readonly GeoPosition[], box: MapBox): MapPoint[] {
  if (points.length === 0) return []
  const lats = points.map((p) => p.latitude)
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2
  const kx = Math.cos((midLat * Math.PI) / 180)
  const flat = points.map((p) => ({ x: p.longitude * kx, y: -p.latitude }))
  const minX = Math.min(...flat.map((p) => p.x))
  const maxX = Math.max(...flat.map((p) => p.x))
  const minY = Math.min(...flat.map((p) => p.y))
  const maxY = Math.max(...flat.map((p) => p.y))
  const spanX = maxX - minX
  const spanY = maxY - minY
  const innerW = box.width - 2 * box.padding
  const innerH = box.height - 2 * box.padding
  const scale = Math.min(spanX > 0 ? innerW / spanX : Infinity, spanY > 0 ? innerH / spanY : Infinity)
  const s = Number.isFinite(scale) ? scale : 0
  // Centre the drawing: the unused room on each axis is split evenly.
  const offsetX = box.padding + (innerW - spanX * s) / 2
  const offsetY = box.padding + (innerH - spanY * s) / 2
  return flat.map((p) => ({
    x: round(offsetX + (p.x - minX) * s),
    y: round(offsetY + (p.y - minY) * s),
  }))
}

function round(n: number): number {
  return Math.round(n * 10) / 10
}
