import { PRODUCT_ILLUSTRATION_KINDS, type ProductIllustrationKind } from '../../../contract/media'
/**
 * The store draws its own pictures: every image row names a `kind` of drawing, a brand colour and a
 * label, and this file turns them into an SVG that sharp rasterises. Products are drawn in an 800×800
 * box centred on (400, 400); banners are laid out for the aspect ratio they are asked for, so their
 * text is never cropped.
 */

/** Bump when a drawing changes: it is part of the cache key, so old renders are not served again. */
export const ILLUSTRATION_VERSION = 1

export const PRODUCT_KINDS = PRODUCT_ILLUSTRATION_KINDS
export type ProductKind = ProductIllustrationKind

export interface IllustrationSpec {
  kind: string
  color: string
  label: string
  variant: number
}

export interface Illustration {
  svg: string
  /** The SVG's own size in px; the renderer scales it to the requested size. */
  width: number
  height: number
  /** Products keep their whole drawing (white bars if needed); banners fill the frame. */
  fit: 'contain' | 'cover'
}

const FONT = "'DejaVu Sans', 'Noto Sans', Arial, Helvetica, sans-serif"
const INK = '#1d212a'
const INK2 = '#2c313c'
const INK3 = '#3b414e'
const STEEL_LIGHT = '#f6f7f9'
const STEEL_DARK = '#b9c0ca'
const GOLD = '#d9ad45'
const DEFAULT_BRAND = '#2563eb'
const BOX = 800

// ---------------------------------------------------------------------------------------------------
// Colours

function parseHex(color: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())
  if (!m) return null
  let hex = m[1] ?? ''
  if (hex.length === 3) hex = [...hex].map((ch) => ch + ch).join('')
  const n = parseInt(hex, 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

const toHex = (rgb: number[]) =>
  '#' +
  rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')

function mix(a: string, b: string, t: number): string {
  const x = parseHex(a) ?? [0, 0, 0]
  const y = parseHex(b) ?? [0, 0, 0]
  return toHex(x.map((v, i) => v + ((y[i] ?? 0) - v) * t))
}
const lighten = (c: string, t: number) => mix(c, '#ffffff', t)
const darken = (c: string, t: number) => mix(c, '#000000', t)

function luminance(c: string): number {
  const [r, g, b] = (parseHex(c) ?? [0, 0, 0]).map((v) => {
    const s = v / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** A brand colour that reads on white: unknown values fall back, near-white ones are darkened. */
function brandColor(color: string): string {
  const rgb = parseHex(color)
  if (!rgb) return DEFAULT_BRAND
  const hex = toHex(rgb)
  return luminance(hex) > 0.6 ? darken(hex, 0.45) : hex
}

// ---------------------------------------------------------------------------------------------------
// Text

const esc = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

// Control characters are not allowed in XML at all; a label carrying one would break the whole SVG.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g

function clean(label: string, max = 40): string {
  const s = label.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim()
  return s.length > max ? s.slice(0, max - 1).trimEnd() + '…' : s
}

/** Rough advance width of a string in ems for a sans-serif face; good enough to keep text inside a box. */
function ems(text: string, bold: boolean): number {
  let w = 0
  for (const ch of text) {
    if (ch === ' ') w += 0.32
    else if (/[iljI.,:;'!|]/.test(ch)) w += 0.3
    else if (/[A-ZА-ЯЁӘҒҚҢӨҰҮҺІ0-9₸%]/.test(ch)) w += 0.7
    else w += 0.6
  }
  return bold ? w * 1.08 : w
}

interface TextOptions {
  size: number
  fill: string
  weight?: number
  anchor?: 'start' | 'middle' | 'end'
  maxWidth?: number
  opacity?: number
  spacing?: number
  transform?: string
}

function text(x: number, y: number, value: string, o: TextOptions): string {
  if (!value) return ''
  const bold = (o.weight ?? 400) >= 600
  const spacing = o.spacing ?? 0
  let size = o.size
  if (o.maxWidth) {
    const width = ems(value, bold) * size + spacing * value.length
    if (width > o.maxWidth) size = Math.max(6, (size * o.maxWidth) / width)
  }
  const attrs = [
    `x="${x}"`,
    `y="${y}"`,
    `font-family="${FONT}"`,
    `font-size="${size.toFixed(1)}"`,
    `font-weight="${o.weight ?? 400}"`,
    `fill="${o.fill}"`,
    `text-anchor="${o.anchor ?? 'middle'}"`,
  ]
  if (spacing) attrs.push(`letter-spacing="${spacing}"`)
  if (o.opacity !== undefined) attrs.push(`fill-opacity="${o.opacity}"`)
  if (o.transform) attrs.push(`transform="${o.transform}"`)
  return `<text ${attrs.join(' ')}>${esc(value)}</text>`
}

/** Greedy word wrap into at most `maxLines` lines of roughly `perLine` characters. */
function wrap(value: string, perLine: number, maxLines: number): string[] {
  const words = value.split(' ').filter(Boolean)
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    const next = line ? `${line} ${word}` : word
    if (next.length <= perLine || !line) line = next
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines)
  kept[maxLines - 1] = clean(`${kept[maxLines - 1]} ${lines.slice(maxLines).join(' ')}`, perLine)
  return kept
}

// ---------------------------------------------------------------------------------------------------
// SVG building

type Stop = [offset: number, color: string, opacity?: number]

/** Collects <defs> and hands out ids unique within one picture. */
class Canvas {
  private defs: string[] = []
  private n = 0
  constructor(readonly brand: string) {}

  id(prefix: string) {
    this.n += 1
    return `${prefix}${this.n}`
  }

  private stops(stops: Stop[]) {
    return stops
      .map(
        ([o, c, a]) =>
          `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
      )
      .join('')
  }

  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id('l')
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`,
    )
    return `url(#${id})`
  }

  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id('r')
    this.defs.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${this.stops(stops)}</radialGradient>`,
    )
    return `url(#${id})`
  }

  clip(shape: string): string {
    const id = this.id('c')
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`)
    return `url(#${id})`
  }

  mask(content: string): string {
    const id = this.id('m')
    this.defs.push(
      `<mask id="${id}" maskUnits="userSpaceOnUse" x="0" y="0" width="${BOX}" height="${BOX}">${content}</mask>`,
    )
    return `url(#${id})`
  }

  pattern(size: number, content: string): string {
    const id = this.id('p')
    this.defs.push(
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${size}" height="${size}">${content}</pattern>`,
    )
    return `url(#${id})`
  }

  document(width: number, height: number, body: string): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<defs>${this.defs.join('')}</defs>${body}</svg>`
    )
  }
}

const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"${extra ? ' ' + extra : ''}/>`
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra ? ' ' + extra : ''}/>`
const path = (d: string, fill: string, extra = '') =>
  `<path d="${d}" fill="${fill}"${extra ? ' ' + extra : ''}/>`
const group = (transform: string, body: string) => `<g transform="${transform}">${body}</g>`
/** Scales about the centre of the 800 box, then moves. */
const scaled = (s: number, dx = 0, dy = 0) =>
  `translate(${400 + dx} ${400 + dy}) scale(${s}) translate(-400 -400)`

function shadow(c: Canvas, cx: number, cy: number, rx: number, ry: number): string {
  const fill = c.radial([
    [0, '#0b1020', 0.28],
    [0.6, '#0b1020', 0.1],
    [1, '#0b1020', 0],
  ])
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"/>`
}

/** A screen with a brand-coloured wallpaper, clipped to its rounded corners. */
function wallpaper(c: Canvas, x: number, y: number, w: number, h: number, rx: number): string {
  const b = c.brand
  const clip = c.clip(rect(x, y, w, h, rx, '#000'))
  const base = c.linear(
    [
      [0, lighten(b, 0.25)],
      [0.55, b],
      [1, darken(b, 0.55)],
    ],
    0,
    0,
    1,
    1,
  )
  const r = Math.max(w, h)
  return (
    `<g clip-path="${clip}">` +
    rect(x, y, w, h, 0, base) +
    circle(x + w * 0.95, y + h * 0.1, r * 0.45, '#ffffff', 'fill-opacity="0.13"') +
    circle(x + w * 0.05, y + h * 0.95, r * 0.5, darken(b, 0.6), 'fill-opacity="0.35"') +
    path(
      `M ${x} ${y + h * 0.62} C ${x + w * 0.3} ${y + h * 0.48} ${x + w * 0.6} ${y + h * 0.8} ${x + w} ${y + h * 0.58} V ${y + h} H ${x} Z`,
      lighten(b, 0.35),
      'fill-opacity="0.35"',
    ) +
    `</g>`
  )
}

/** A camera lens seen from the back of a phone or tablet. */
function lens(cx: number, cy: number, r: number): string {
  return (
    circle(cx, cy, r, '#0d0f14', `stroke="${INK3}" stroke-width="${r * 0.22}"`) +
    circle(cx, cy, r * 0.5, '#1b2740') +
    circle(cx - r * 0.25, cy - r * 0.25, r * 0.16, '#ffffff', 'fill-opacity="0.55"')
  )
}

/** A fan seen from the front: frame ring, curved blades, brand-coloured hub. */
function fan(c: Canvas, cx: number, cy: number, r: number, blades = 9): string {
  const blade = `M 0 ${-r * 0.3} C ${r * 0.42} ${-r * 0.36} ${r * 0.6} ${-r * 0.62} ${r * 0.5} ${-r * 0.93} C ${r * 0.16} ${-r * 0.9} ${-r * 0.04} ${-r * 0.62} 0 ${-r * 0.3} Z`
  let out = circle(cx, cy, r, '#0b0d11', `stroke="${INK3}" stroke-width="${r * 0.05}"`)
  for (let i = 0; i < blades; i++) {
    out += path(blade, '#323947', `transform="translate(${cx} ${cy}) rotate(${(360 / blades) * i})"`)
  }
  const hub = c.radial([
    [0, lighten(c.brand, 0.3)],
    [1, darken(c.brand, 0.2)],
  ])
  return (
    out +
    circle(cx, cy, r * 0.3, hub) +
    circle(cx, cy, r * 0.3, 'none', `stroke="#0b0d11" stroke-width="${r * 0.03}"`)
  )
}

function gear(cx: number, cy: number, outer: number, inner: number, teeth: number): string {
  const pts: string[] = []
  const step = (Math.PI * 2) / teeth
  for (let i = 0; i < teeth; i++) {
    const a = i * step
    const corners = [
      [a - step * 0.5, inner],
      [a - step * 0.26, inner],
      [a - step * 0.17, outer],
      [a + step * 0.17, outer],
      [a + step * 0.26, inner],
    ] as const
    for (const [angle, radius] of corners) {
      pts.push(`${(cx + Math.sin(angle) * radius).toFixed(1)} ${(cy - Math.cos(angle) * radius).toFixed(1)}`)
    }
  }
  return `M ${pts.join(' L ')} Z`
}

// ---------------------------------------------------------------------------------------------------
// Product drawings, each in the 800 box. `shadow` is drawn unrotated under the device.

interface Drawing {
  shadow?: [cx: number, cy: number, rx: number, ry: number]
  draw(c: Canvas, label: string): string
  /** A second view (the back) used for variant 1 where the device has one. */
  alt?: (c: Canvas, label: string) => string
  /** The label is already the main text of the drawing, so variant 3 adds no caption. */
  labelled?: boolean
}

const steelBody = (c: Canvas) =>
  c.linear(
    [
      [0, STEEL_LIGHT],
      [0.7, '#e8ebf0'],
      [1, '#d3d9e1'],
    ],
    0,
    0,
    1,
    0,
  )

const DRAWINGS: Record<ProductKind | 'generic', Drawing> = {
  smartphone: {
    shadow: [400, 676, 175, 18],
    draw: (c, label) =>
      rect(262, 240, 8, 70, 3, INK3) +
      rect(530, 270, 8, 110, 3, INK3) +
      rect(268, 104, 264, 564, 48, INK) +
      wallpaper(c, 280, 116, 240, 540, 38) +
      rect(366, 134, 68, 22, 11, '#05070a') +
      text(400, 250, '12:30', { size: 58, fill: '#ffffff', weight: 300 }) +
      text(400, 290, label, { size: 24, fill: '#ffffff', weight: 600, opacity: 0.9, maxWidth: 200 }) +
      rect(352, 632, 96, 6, 3, '#ffffff', 'fill-opacity="0.75"'),
    alt: (c, label) => {
      const back = c.linear(
        [
          [0, lighten(c.brand, 0.12)],
          [1, darken(c.brand, 0.3)],
        ],
        0,
        0,
        1,
        1,
      )
      return (
        rect(262, 240, 8, 70, 3, INK3) +
        rect(268, 104, 264, 564, 48, back) +
        rect(268, 104, 264, 564, 48, 'none', `stroke="${darken(c.brand, 0.4)}" stroke-width="3"`) +
        rect(290, 126, 124, 170, 34, darken(c.brand, 0.35), 'fill-opacity="0.85"') +
        lens(330, 172, 26) +
        lens(330, 250, 26) +
        lens(380, 211, 20) +
        circle(388, 160, 7, '#fff6d8') +
        text(400, 470, label, { size: 34, fill: '#ffffff', weight: 700, opacity: 0.92, maxWidth: 200 })
      )
    },
  },

  tablet: {
    shadow: [400, 612, 290, 18],
    draw: (c, label) =>
      rect(110, 186, 580, 404, 40, INK) +
      wallpaper(c, 126, 202, 548, 372, 26) +
      circle(400, 194, 4, INK3) +
      text(400, 380, '12:30', { size: 72, fill: '#ffffff', weight: 300 }) +
      text(400, 426, label, { size: 26, fill: '#ffffff', weight: 600, opacity: 0.9, maxWidth: 360 }),
    alt: (c, label) => {
      const back = c.linear(
        [
          [0, lighten(c.brand, 0.12)],
          [1, darken(c.brand, 0.3)],
        ],
        0,
        0,
        1,
        1,
      )
      return (
        rect(110, 186, 580, 404, 40, back) +
        rect(110, 186, 580, 404, 40, 'none', `stroke="${darken(c.brand, 0.4)}" stroke-width="3"`) +
        rect(134, 210, 96, 96, 26, darken(c.brand, 0.35), 'fill-opacity="0.85"') +
        lens(166, 242, 18) +
        lens(200, 276, 14) +
        text(400, 404, label, { size: 40, fill: '#ffffff', weight: 700, opacity: 0.92, maxWidth: 420 })
      )
    },
  },

  laptop: {
    shadow: [400, 556, 340, 18],
    draw: (c, label) => {
      const base = c.linear([
        [0, '#eef1f4'],
        [1, '#c3cad3'],
      ])
      return (
        rect(150, 150, 500, 334, 22, INK) +
        wallpaper(c, 166, 166, 468, 300, 8) +
        circle(400, 158, 3, INK3) +
        text(400, 332, label, { size: 40, fill: '#ffffff', weight: 600, maxWidth: 380 }) +
        path('M 96 482 H 704 L 742 528 Q 744 544 726 544 H 74 Q 56 544 58 528 Z', base) +
        rect(96, 478, 608, 10, 4, STEEL_DARK) +
        path('M 346 488 H 454 Q 452 500 440 500 H 360 Q 348 500 346 488 Z', '#a7b0bc')
      )
    },
  },

  tv: {
    shadow: [400, 640, 250, 14],
    draw: (c, label) => {
      const b = c.brand
      const clip = c.clip(rect(82, 162, 636, 366, 4, '#000'))
      const sky = c.linear([
        [0, lighten(b, 0.62)],
        [1, lighten(b, 0.15)],
      ])
      return (
        path('M 246 636 L 272 560 H 296 L 278 636 Z', INK2) +
        path('M 554 636 L 528 560 H 504 L 522 636 Z', INK2) +
        rect(70, 150, 660, 414, 12, INK) +
        `<g clip-path="${clip}">` +
        rect(82, 162, 636, 366, 0, sky) +
        circle(560, 262, 46, '#ffffff', 'fill-opacity="0.85"') +
        path('M 82 430 L 230 290 L 330 390 L 440 262 L 590 410 L 718 320 V 528 H 82 Z', darken(b, 0.15)) +
        path('M 82 486 Q 300 404 500 470 T 718 452 V 528 H 82 Z', darken(b, 0.5)) +
        `</g>` +
        text(400, 553, label, { size: 16, fill: '#9aa3af', weight: 600, maxWidth: 200, spacing: 1 })
      )
    },
  },

  fridge: {
    shadow: [400, 702, 175, 14],
    draw: (c, label) =>
      rect(272, 688, 28, 14, 4, INK3) +
      rect(500, 688, 28, 14, 4, INK3) +
      rect(250, 80, 300, 612, 26, steelBody(c), `stroke="${STEEL_DARK}" stroke-width="2"`) +
      rect(252, 430, 296, 6, 0, '#c9d0d9') +
      rect(272, 300, 13, 110, 6, '#a3acb8') +
      rect(272, 456, 13, 110, 6, '#a3acb8') +
      text(400, 130, label, { size: 24, fill: c.brand, weight: 700, maxWidth: 220 }) +
      rect(352, 160, 96, 48, 10, INK) +
      text(400, 193, '+4°', { size: 24, fill: lighten(c.brand, 0.45), weight: 600 }) +
      rect(530, 82, 18, 608, 0, '#000000', 'fill-opacity="0.035"'),
  },

  washer: {
    shadow: [400, 672, 205, 14],
    draw: (c, label) => {
      const b = c.brand
      const glass = c.radial([
        [0, darken(b, 0.15)],
        [1, darken(b, 0.62)],
      ])
      const clip = c.clip(circle(400, 448, 112, '#000'))
      return (
        rect(230, 656, 30, 14, 4, INK3) +
        rect(540, 656, 30, 14, 4, INK3) +
        rect(210, 128, 380, 534, 26, steelBody(c), `stroke="${STEEL_DARK}" stroke-width="2"`) +
        rect(212, 244, 376, 3, 0, '#d0d6de') +
        rect(232, 158, 92, 58, 8, '#edf0f4', `stroke="${STEEL_DARK}" stroke-width="2"`) +
        text(340, 196, label, { size: 20, fill: b, weight: 700, anchor: 'start', maxWidth: 100 }) +
        rect(450, 166, 70, 42, 8, INK) +
        text(485, 195, '1:25', { size: 19, fill: lighten(b, 0.45), weight: 600 }) +
        circle(552, 187, 22, STEEL_LIGHT, `stroke="${b}" stroke-width="6"`) +
        circle(400, 448, 162, '#e2e6ec', `stroke="${STEEL_DARK}" stroke-width="4"`) +
        circle(400, 448, 130, '#2a303b') +
        circle(400, 448, 112, glass) +
        `<g clip-path="${clip}">` +
        path('M 280 470 Q 340 440 400 470 T 520 468 V 570 H 280 Z', lighten(b, 0.35), 'fill-opacity="0.55"') +
        circle(350, 510, 10, '#ffffff', 'fill-opacity="0.35"') +
        circle(440, 520, 7, '#ffffff', 'fill-opacity="0.35"') +
        `</g>` +
        path(
          'M 320 380 A 100 100 0 0 1 420 350',
          'none',
          'stroke="#ffffff" stroke-opacity="0.35" stroke-width="10" stroke-linecap="round"',
        ) +
        rect(548, 418, 14, 62, 7, '#aeb6c1')
      )
    },
  },

  headphones: {
    shadow: [400, 650, 200, 14],
    draw: (c, label) => {
      const cup = c.linear(
        [
          [0, lighten(c.brand, 0.1)],
          [1, darken(c.brand, 0.35)],
        ],
        0,
        0,
        1,
        1,
      )
      return (
        path(
          'M 226 440 C 226 160 574 160 574 440',
          'none',
          `stroke="${INK}" stroke-width="38" stroke-linecap="round"`,
        ) +
        rect(214, 380, 24, 70, 8, INK3) +
        rect(562, 380, 24, 70, 8, INK3) +
        rect(166, 410, 120, 220, 58, INK) +
        rect(270, 430, 40, 180, 20, INK3) +
        rect(182, 440, 88, 160, 44, cup) +
        rect(514, 410, 120, 220, 58, INK) +
        rect(490, 430, 40, 180, 20, INK3) +
        rect(530, 440, 88, 160, 44, cup) +
        text(400, 236, label, { size: 20, fill: '#ffffff', weight: 600, maxWidth: 160, opacity: 0.9 })
      )
    },
  },

  vacuum: {
    shadow: [400, 712, 170, 14],
    draw: (c, label) => {
      const body = c.linear(
        [
          [0, lighten(c.brand, 0.15)],
          [1, darken(c.brand, 0.35)],
        ],
        0,
        0,
        1,
        1,
      )
      const tube = c.linear(
        [
          [0, '#eef1f5'],
          [0.5, '#c3cad3'],
          [1, '#8f99a6'],
        ],
        0,
        0,
        1,
        0,
      )
      const bin = c.linear(
        [
          [0, '#eef3f8'],
          [1, '#b9c4d0'],
        ],
        0,
        0,
        1,
        0,
      )
      return group(
        scaled(1.08, 0, -10),
        rect(386, 330, 28, 312, 12, tube) +
          rect(424, 96, 72, 170, 34, 'none', `stroke="${INK}" stroke-width="22"`) +
          rect(340, 196, 124, 160, 44, body) +
          rect(290, 206, 74, 176, 30, bin, `fill-opacity="0.95" stroke="#9aa5b2" stroke-width="3"`) +
          rect(290, 206, 74, 34, 16, INK2) +
          path(
            'M 306 270 H 348 M 306 300 H 348 M 306 330 H 348',
            'none',
            'stroke="#9aa5b2" stroke-width="3"',
          ) +
          circle(410, 238, 10, '#ffffff', 'fill-opacity="0.6"') +
          text(410, 300, label, { size: 15, fill: '#ffffff', weight: 700, maxWidth: 100 }) +
          circle(400, 628, 22, INK2) +
          rect(284, 626, 232, 54, 24, INK) +
          rect(296, 634, 208, 10, 5, c.brand) +
          circle(306, 680, 10, INK3) +
          circle(494, 680, 10, INK3),
      )
    },
  },

  cpu: {
    shadow: [400, 640, 230, 12],
    draw: (c, label) => {
      const ihs = c.linear(
        [
          [0, '#f4f6f8'],
          [0.5, '#d7dce3'],
          [1, '#aeb6c1'],
        ],
        0,
        0,
        1,
        1,
      )
      let pads = ''
      for (let i = 0; i < 14; i++) {
        const p = 222 + i * 26
        pads += rect(p, 206, 10, 16, 2, GOLD) + rect(p, 578, 10, 16, 2, GOLD)
        pads += rect(206, p, 16, 10, 2, GOLD) + rect(578, p, 16, 10, 2, GOLD)
      }
      return (
        rect(190, 190, 420, 420, 18, '#1f6b45') +
        pads +
        rect(240, 240, 320, 320, 26, ihs, 'stroke="#9aa3af" stroke-width="2"') +
        text(400, 392, label, { size: 46, fill: '#454d5a', weight: 800, maxWidth: 270 }) +
        rect(290, 418, 220, 10, 5, c.brand) +
        rect(300, 452, 200, 8, 4, '#a3acb8') +
        rect(330, 474, 140, 8, 4, '#a3acb8') +
        path('M 200 600 V 566 L 234 600 Z', GOLD)
      )
    },
  },

  motherboard: {
    shadow: [400, 700, 240, 12],
    draw: (c, label) => {
      const b = c.brand
      const heatsink = c.linear(
        [
          [0, lighten(b, 0.1)],
          [1, darken(b, 0.4)],
        ],
        0,
        0,
        1,
        1,
      )
      let slots = ''
      for (let i = 0; i < 4; i++)
        slots += rect(508 + i * 22, 150, 12, 260, 3, i % 2 ? '#6b7482' : darken(b, 0.1))
      return (
        rect(160, 104, 480, 586, 12, '#1b2028', `stroke="${INK3}" stroke-width="2"`) +
        path(
          'M 200 360 H 300 L 330 390 H 480 M 250 650 V 620 L 290 580 H 420 M 600 440 V 600 L 580 620',
          'none',
          `stroke="${b}" stroke-opacity="0.35" stroke-width="4"`,
        ) +
        rect(174, 124, 90, 210, 8, '#8d96a3') +
        rect(182, 132, 74, 10, 3, b) +
        rect(284, 124, 200, 26, 6, INK3) +
        rect(276, 160, 26, 170, 6, INK3) +
        rect(318, 166, 156, 156, 10, '#c9d0d9') +
        rect(340, 188, 112, 112, 4, '#eef1f4', 'stroke="#9aa3af" stroke-width="2"') +
        slots +
        rect(606, 190, 20, 120, 3, '#0e1116') +
        rect(200, 440, 260, 40, 8, INK3) +
        rect(196, 512, 330, 20, 4, '#0e1116', 'stroke="#9aa3af" stroke-width="3"') +
        rect(196, 590, 230, 18, 4, '#0e1116') +
        rect(460, 420, 150, 150, 18, heatsink) +
        text(535, 504, label, { size: 20, fill: '#ffffff', weight: 700, maxWidth: 124 }) +
        circle(566, 630, 22, '#c9d0d9') +
        circle(180, 124, 6, '#9aa3af') +
        circle(620, 124, 6, '#9aa3af') +
        circle(180, 670, 6, '#9aa3af') +
        circle(620, 670, 6, '#9aa3af')
      )
    },
  },

  ram: {
    shadow: [400, 568, 320, 14],
    draw: (c, label) => {
      const b = c.brand
      const spreader = c.linear([
        [0, lighten(b, 0.15)],
        [1, darken(b, 0.4)],
      ])
      const light = c.linear(
        [
          [0, lighten(b, 0.5)],
          [0.5, '#ffffff'],
          [1, lighten(b, 0.5)],
        ],
        0,
        0,
        1,
        0,
      )
      let pins = ''
      for (let x = 100; x < 700; x += 12) if (x < 368 || x > 388) pins += rect(x, 500, 7, 30, 1, GOLD)
      return (
        path('M 80 440 H 720 V 534 H 392 V 510 H 364 V 534 H 80 Z', '#13261c') +
        pins +
        rect(80, 236, 640, 30, 12, light) +
        rect(80, 256, 640, 214, 14, spreader) +
        path('M 80 256 H 300 L 260 300 H 80 Z', '#ffffff', 'fill-opacity="0.12"') +
        text(400, 378, label, { size: 52, fill: '#ffffff', weight: 800, maxWidth: 520, spacing: 2 }) +
        text(400, 424, 'DDR5', { size: 22, fill: '#ffffff', weight: 600, opacity: 0.75, spacing: 4 })
      )
    },
  },

  gpu: {
    shadow: [400, 590, 330, 14],
    draw: (c, label) => {
      const shroud = c.linear([
        [0, '#2f3542'],
        [1, '#151820'],
      ])
      let fingers = ''
      for (let x = 214; x < 520; x += 10) fingers += rect(x, 536, 6, 24, 1, GOLD)
      return (
        rect(64, 210, 22, 350, 4, '#c9d0d9') +
        rect(86, 510, 620, 26, 0, '#14261b') +
        fingers +
        rect(86, 200, 650, 320, 30, shroud) +
        path('M 118 200 H 350 L 326 224 H 118 Z', c.brand) +
        path('M 736 440 V 490 Q 736 520 706 520 H 620 L 644 496 H 712 V 440 Z', c.brand) +
        fan(c, 258, 356, 116) +
        fan(c, 572, 356, 116) +
        text(415, 508, label, {
          size: 18,
          fill: '#ffffff',
          weight: 700,
          maxWidth: 220,
          opacity: 0.85,
          spacing: 1,
        })
      )
    },
  },

  storage: {
    shadow: [400, 604, 260, 14],
    draw: (c, label) => {
      const body = c.linear([
        [0, '#343a46'],
        [1, '#14171d'],
      ])
      const sticker = c.linear(
        [
          [0, lighten(c.brand, 0.15)],
          [1, darken(c.brand, 0.35)],
        ],
        0,
        0,
        1,
        1,
      )
      return (
        rect(150, 220, 500, 356, 22, body) +
        rect(646, 320, 10, 150, 3, '#0b0d11') +
        rect(180, 250, 440, 296, 14, sticker) +
        circle(560, 300, 80, '#ffffff', 'fill-opacity="0.08"') +
        text(400, 394, label, { size: 56, fill: '#ffffff', weight: 800, maxWidth: 380 }) +
        rect(330, 420, 140, 4, 2, '#ffffff', 'fill-opacity="0.5"') +
        text(400, 470, 'SSD', { size: 30, fill: '#ffffff', weight: 600, spacing: 8, opacity: 0.85 })
      )
    },
  },

  psu: {
    shadow: [400, 610, 270, 14],
    draw: (c, label) => {
      const body = c.linear([
        [0, '#30363f'],
        [1, '#171a21'],
      ])
      const sticker = c.linear([
        [0, lighten(c.brand, 0.1)],
        [1, darken(c.brand, 0.35)],
      ])
      return (
        rect(140, 220, 520, 374, 16, body) +
        circle(364, 407, 154, '#0e1116', `stroke="${INK3}" stroke-width="6"`) +
        circle(364, 407, 124, 'none', `stroke="${INK3}" stroke-width="5"`) +
        circle(364, 407, 92, 'none', `stroke="${INK3}" stroke-width="5"`) +
        circle(364, 407, 60, 'none', `stroke="${INK3}" stroke-width="5"`) +
        path('M 210 407 H 518 M 364 253 V 561', 'none', `stroke="${INK3}" stroke-width="5"`) +
        circle(364, 407, 30, c.brand) +
        rect(556, 244, 80, 326, 10, sticker) +
        text(0, 0, label, {
          size: 30,
          fill: '#ffffff',
          weight: 800,
          maxWidth: 290,
          transform: 'translate(606 407) rotate(-90)',
        })
      )
    },
  },

  case: {
    shadow: [400, 706, 200, 14],
    draw: (c, label) => {
      const b = c.brand
      const glass = c.linear(
        [
          [0, '#252b37'],
          [1, '#0a0c10'],
        ],
        0,
        0,
        1,
        1,
      )
      const ring = (cx: number, cy: number, r: number) =>
        circle(cx, cy, r, '#0b0d11', `stroke="${b}" stroke-width="${r * 0.2}"`) +
        circle(cx, cy, r * 0.35, INK3)
      return (
        rect(250, 686, 40, 14, 4, INK3) +
        rect(510, 686, 40, 14, 4, INK3) +
        rect(230, 90, 340, 600, 18, INK) +
        rect(248, 110, 236, 560, 10, glass, `stroke="${INK3}" stroke-width="2"`) +
        rect(268, 136, 170, 230, 6, '#222834') +
        ring(312, 180, 34) +
        rect(318, 250, 70, 70, 8, '#3a414e') +
        rect(268, 400, 196, 44, 6, '#2d3442') +
        rect(268, 438, 196, 6, 2, b) +
        rect(268, 560, 196, 90, 6, '#1a1f28') +
        path('M 270 112 L 380 112 L 250 380 L 250 240 Z', '#ffffff', 'fill-opacity="0.06"') +
        rect(496, 104, 62, 572, 10, '#232935') +
        circle(527, 128, 8, lighten(b, 0.3)) +
        ring(527, 230, 24) +
        ring(527, 320, 24) +
        ring(527, 410, 24) +
        text(366, 632, label, { size: 18, fill: '#ffffff', weight: 700, maxWidth: 180, opacity: 0.75 })
      )
    },
  },

  cooler: {
    shadow: [400, 616, 200, 12],
    draw: (c, label) => {
      const copper = c.linear(
        [
          [0, '#f0b487'],
          [1, '#b0643a'],
        ],
        0,
        0,
        1,
        0,
      )
      let fins = ''
      for (let y = 168; y < 590; y += 12) fins += rect(250, y, 300, 4, 2, '#b3bbc6')
      return (
        rect(300, 92, 16, 80, 8, copper) +
        rect(340, 92, 16, 80, 8, copper) +
        rect(444, 92, 16, 80, 8, copper) +
        rect(484, 92, 16, 80, 8, copper) +
        rect(250, 150, 300, 450, 10, '#dde2e8') +
        fins +
        rect(250, 118, 300, 44, 12, INK2) +
        text(400, 148, label, { size: 20, fill: '#ffffff', weight: 700, maxWidth: 260 }) +
        rect(226, 222, 348, 348, 30, INK) +
        fan(c, 400, 396, 160, 7)
      )
    },
  },

  watch: {
    shadow: [400, 734, 110, 10],
    draw: (c, label) => {
      const b = c.brand
      const strap = darken(b, 0.15)
      const arc = (r: number, color: string, share: number) => {
        const length = 2 * Math.PI * r
        return (
          circle(400, 448, r, 'none', `stroke="${color}" stroke-opacity="0.25" stroke-width="14"`) +
          circle(
            400,
            448,
            r,
            'none',
            `stroke="${color}" stroke-width="14" stroke-linecap="round" stroke-dasharray="${(length * share).toFixed(1)} ${length.toFixed(1)}" transform="rotate(-90 400 448)"`,
          )
        )
      }
      return (
        rect(316, 66, 168, 220, 30, strap) +
        rect(316, 520, 168, 216, 30, strap) +
        circle(400, 640, 8, darken(b, 0.45)) +
        circle(400, 680, 8, darken(b, 0.45)) +
        rect(534, 304, 22, 64, 9, '#7a8391') +
        rect(534, 392, 12, 54, 5, '#7a8391') +
        rect(260, 198, 280, 404, 80, '#2d323d', 'stroke="#5a6270" stroke-width="6"') +
        rect(282, 220, 236, 360, 62, '#05070a') +
        text(400, 330, '10:09', { size: 60, fill: '#ffffff', weight: 600 }) +
        arc(74, b, 0.72) +
        arc(54, lighten(b, 0.45), 0.55) +
        arc(34, '#7ddc8a', 0.85) +
        text(400, 556, label, { size: 18, fill: '#ffffff', weight: 600, maxWidth: 170, opacity: 0.7 })
      )
    },
  },

  camera: {
    shadow: [400, 622, 270, 16],
    draw: (c, label) => {
      const glass = c.radial(
        [
          [0, darken(c.brand, 0.35)],
          [0.7, '#0a0d14'],
          [1, '#05070a'],
        ],
        0.42,
        0.4,
        0.6,
      )
      return (
        path('M 292 254 L 322 184 H 478 L 508 254 Z', INK2) +
        rect(190, 222, 76, 30, 8, INK3) +
        rect(572, 216, 58, 30, 10, c.brand) +
        rect(140, 240, 520, 346, 42, INK) +
        rect(556, 240, 104, 346, 42, '#14171d') +
        path('M 580 300 V 530', 'none', 'stroke="#2a303b" stroke-width="6" stroke-dasharray="4 10"') +
        circle(612, 290, 12, INK3) +
        text(400, 236, label, { size: 22, fill: '#ffffff', weight: 700, maxWidth: 150 }) +
        circle(372, 420, 156, '#2b313c') +
        circle(372, 420, 136, '#14171d', 'stroke="#4b5260" stroke-width="4"') +
        circle(372, 420, 108, glass) +
        circle(372, 420, 64, 'none', 'stroke="#1f2533" stroke-width="6"') +
        `<ellipse cx="330" cy="378" rx="28" ry="14" fill="#ffffff" fill-opacity="0.45" transform="rotate(-35 330 378)"/>` +
        circle(408, 452, 8, '#ffffff', 'fill-opacity="0.3"') +
        circle(372, 420, 156, 'none', `stroke="${c.brand}" stroke-width="4"`)
      )
    },
  },

  console: {
    shadow: [400, 632, 260, 16],
    draw: (c, label) => {
      const b = c.brand
      const shell = c.linear([
        [0, '#353b47'],
        [1, '#14171d'],
      ])
      return (
        path(
          'M 250 286 H 550 C 650 286 700 360 718 470 C 736 580 690 632 636 620 C 594 610 574 560 532 520 H 268 C 226 560 206 610 164 620 C 110 632 64 580 82 470 C 100 360 150 286 250 286 Z',
          shell,
        ) +
        path('M 224 396 h 24 v -28 h 28 v 28 h 24 v 28 h -24 v 28 h -28 v -28 h -24 Z', INK3) +
        circle(560, 358, 20, lighten(b, 0.2)) +
        circle(600, 398, 20, b) +
        circle(520, 398, 20, darken(b, 0.25)) +
        circle(560, 438, 20, lighten(b, 0.45)) +
        circle(326, 492, 42, '#0b0d11', `stroke="${INK3}" stroke-width="6"`) +
        circle(474, 492, 42, '#0b0d11', `stroke="${INK3}" stroke-width="6"`) +
        circle(326, 492, 22, '#222834') +
        circle(474, 492, 22, '#222834') +
        rect(342, 306, 116, 76, 14, '#262c37', `stroke="${b}" stroke-width="3"`) +
        text(400, 426, label, { size: 16, fill: '#ffffff', weight: 700, maxWidth: 90, opacity: 0.75 })
      )
    },
  },

  speaker: {
    shadow: [400, 586, 270, 14],
    draw: (c, label) => {
      const b = c.brand
      const fabric = c.linear([
        [0, lighten(b, 0.15)],
        [1, darken(b, 0.35)],
      ])
      const dots = c.pattern(14, circle(7, 7, 3, '#000000', 'fill-opacity="0.18"'))
      return (
        `<ellipse cx="170" cy="420" rx="46" ry="124" fill="${INK}"/>` +
        rect(170, 296, 460, 248, 0, fabric) +
        rect(170, 296, 460, 248, 0, dots) +
        rect(170, 296, 460, 40, 0, '#ffffff', 'fill-opacity="0.1"') +
        `<ellipse cx="630" cy="420" rx="46" ry="124" fill="${INK2}"/>` +
        `<ellipse cx="630" cy="420" rx="30" ry="90" fill="${INK3}" stroke="${b}" stroke-width="5"/>` +
        rect(330, 394, 140, 52, 26, INK) +
        text(400, 427, label, { size: 20, fill: '#ffffff', weight: 700, maxWidth: 120 }) +
        rect(340, 284, 36, 14, 6, INK2) +
        rect(390, 284, 36, 14, 6, INK2) +
        rect(440, 284, 36, 14, 6, INK2)
      )
    },
  },

  microwave: {
    shadow: [400, 612, 290, 14],
    draw: (c, label) => {
      const b = c.brand
      const glass = c.linear(
        [
          [0, '#2e3542'],
          [1, '#0f1217'],
        ],
        0,
        0,
        1,
        1,
      )
      const glow = c.radial(
        [
          [0, '#ffe6a8', 0.42],
          [1, '#ffe6a8', 0],
        ],
        0.5,
        0.6,
        0.6,
      )
      let buttons = ''
      for (let row = 0; row < 3; row++)
        for (let col = 0; col < 3; col++)
          buttons += rect(578 + col * 28, 312 + row * 28, 20, 18, 5, '#c3cad3')
      return (
        rect(140, 588, 40, 12, 4, INK3) +
        rect(620, 588, 40, 12, 4, INK3) +
        rect(110, 200, 580, 392, 24, steelBody(c), `stroke="${STEEL_DARK}" stroke-width="2"`) +
        rect(134, 224, 410, 344, 14, '#e8ecf0', `stroke="${STEEL_DARK}" stroke-width="2"`) +
        rect(164, 254, 350, 284, 10, glass) +
        rect(164, 254, 350, 284, 10, glow) +
        `<ellipse cx="339" cy="500" rx="120" ry="16" fill="#5b6270" fill-opacity="0.7"/>` +
        path('M 180 270 L 300 270 L 180 420 Z', '#ffffff', 'fill-opacity="0.06"') +
        rect(568, 236, 96, 44, 8, INK) +
        text(616, 266, '12:00', { size: 20, fill: lighten(b, 0.45), weight: 600 }) +
        text(616, 300, label, { size: 14, fill: b, weight: 700, maxWidth: 96 }) +
        buttons +
        circle(616, 450, 32, STEEL_LIGHT, `stroke="${STEEL_DARK}" stroke-width="4"`) +
        rect(612, 424, 8, 20, 4, '#8f99a6') +
        rect(576, 512, 80, 28, 10, b)
      )
    },
  },

  'air-conditioner': {
    draw: (c, label) => {
      const b = c.brand
      const flow = (x: number, bend: number) =>
        path(
          `M ${x} 482 Q ${x + bend} 560 ${x + bend * 0.4} 640`,
          'none',
          `stroke="${lighten(b, 0.45)}" stroke-width="10" stroke-linecap="round" stroke-dasharray="34 22"`,
        )
      return (
        flow(240, -40) +
        flow(400, 0) +
        flow(560, 40) +
        rect(84, 236, 632, 210, 46, steelBody(c), `stroke="${STEEL_DARK}" stroke-width="3"`) +
        path('M 116 404 H 684 Q 680 446 640 450 H 160 Q 120 446 116 404 Z', '#cfd6df') +
        rect(130, 400, 540, 8, 4, '#a9b2be') +
        text(130, 294, label, { size: 26, fill: b, weight: 700, anchor: 'start', maxWidth: 300 }) +
        rect(560, 296, 100, 52, 12, INK, 'fill-opacity="0.92"') +
        text(610, 333, '22°', { size: 30, fill: lighten(b, 0.45), weight: 600 }) +
        circle(610, 370, 5, b)
      )
    },
  },

  service: {
    labelled: true,
    draw: (c, label) => {
      const b = c.brand
      const bg = lighten(b, 0.9)
      const cut = c.mask(rect(0, 0, BOX, BOX, 0, '#ffffff') + rect(382, 110, 36, 60, 4, '#000000'))
      return (
        circle(400, 350, 240, bg) +
        path(gear(400, 350, 170, 136, 10), b) +
        circle(400, 350, 66, bg) +
        group(
          'rotate(45 400 350)',
          `<g mask="${cut}">${circle(400, 160, 52, INK)}</g>` +
            rect(382, 190, 36, 300, 18, INK) +
            circle(400, 460, 8, bg),
        ) +
        text(400, 692, label, { size: 46, fill: INK, weight: 700, maxWidth: 640 })
      )
    },
  },

  'gift-card': {
    labelled: true,
    shadow: [400, 598, 270, 14],
    draw: (c, label) => {
      const b = c.brand
      const card = c.linear(
        [
          [0, lighten(b, 0.12)],
          [1, darken(b, 0.35)],
        ],
        0,
        0,
        1,
        1,
      )
      const ribbon = '#f5cd64'
      const clip = c.clip(rect(130, 210, 540, 350, 30, '#000'))
      return (
        rect(130, 210, 540, 350, 30, card) +
        `<g clip-path="${clip}">` +
        circle(640, 250, 140, '#ffffff', 'fill-opacity="0.09"') +
        circle(160, 560, 110, '#ffffff', 'fill-opacity="0.07"') +
        rect(236, 210, 36, 350, 0, ribbon) +
        rect(130, 320, 540, 36, 0, ribbon) +
        `</g>` +
        `<ellipse cx="222" cy="312" rx="44" ry="22" fill="none" stroke="${ribbon}" stroke-width="14" transform="rotate(30 222 312)"/>` +
        `<ellipse cx="290" cy="312" rx="44" ry="22" fill="none" stroke="${ribbon}" stroke-width="14" transform="rotate(-30 290 312)"/>` +
        circle(254, 338, 20, '#e8b63c') +
        text(640, 520, label, { size: 50, fill: '#ffffff', weight: 800, anchor: 'end', maxWidth: 330 })
      )
    },
  },

  generic: {
    shadow: [400, 640, 230, 14],
    draw: (c, label) =>
      path('M 200 330 L 400 400 L 400 640 L 200 570 Z', '#d8a86e') +
      path('M 400 400 L 600 330 L 600 570 L 400 640 Z', '#c08a52') +
      path('M 200 330 L 400 260 L 600 330 L 400 400 Z', '#ebc48f') +
      path('M 281 302 L 319 288 L 519 358 L 481 372 Z', c.brand) +
      path('M 481 372 L 519 358 L 519 458 L 481 472 Z', darken(c.brand, 0.2)) +
      group(
        'matrix(1 0.35 0 1 0 0)',
        rect(226, 366, 150, 64, 6, '#ffffff') +
          text(301, 408, label, { size: 24, fill: INK, weight: 700, maxWidth: 130 }),
      ),
  },
}

// ---------------------------------------------------------------------------------------------------
// Composition

function isProductKind(kind: string): kind is ProductKind {
  return (PRODUCT_KINDS as readonly string[]).includes(kind)
}

/** One product picture in the 800 box; the variant gives each image of a gallery its own look. */
function product(c: Canvas, kind: string, label: string, variant: number, box = true): string {
  const d = DRAWINGS[isProductKind(kind) ? kind : 'generic']
  const shade = d.shadow ? shadow(c, ...d.shadow) : ''
  const b = c.brand
  switch (variant) {
    case 1: {
      if (d.alt) return shade + d.alt(c, label)
      const backdrop = box ? circle(400, 400, 340, lighten(b, 0.93)) : ''
      return backdrop + shade + group(`rotate(-8 400 400) ${scaled(0.9)}`, d.draw(c, label))
    }
    case 2: {
      const fill = c.linear(
        [
          [0, lighten(b, 0.95)],
          [1, lighten(b, 0.8)],
        ],
        0,
        0,
        1,
        1,
      )
      const backdrop = box ? rect(50, 50, 700, 700, 64, fill) : ''
      return backdrop + group(scaled(0.84), shade + d.draw(c, label))
    }
    case 3: {
      const studio = c.radial(
        [
          [0, '#ffffff'],
          [1, '#e9edf2'],
        ],
        0.5,
        0.42,
        0.7,
      )
      const caption = d.labelled
        ? ''
        : text(400, 742, label, { size: 40, fill: INK, weight: 700, maxWidth: 640 })
      return (
        (box ? rect(0, 0, BOX, BOX, 0, studio) : '') +
        group(scaled(0.78, 0, -50), shade + d.draw(c, label)) +
        caption
      )
    }
    default:
      return shade + d.draw(c, label)
  }
}

// Category and banner rows carry a name, not a device: the device is guessed from the words, first match
// wins, so storage ("твердотельные накопители") comes before tv and a PC ("игровой ПК") before consoles.
// A stem matches the start of a word; a stem starting with '=' must be the whole word.
const KEYWORDS: [ProductKind, string[]][] = [
  ['storage', ['накопит', 'ssd', 'hdd', 'жестк', 'жёстк', 'жинақта', 'storage']],
  ['smartphone', ['смартфон', 'телефон', 'phone', 'iphone']],
  ['laptop', ['ноутбук', 'laptop', 'macbook']],
  ['tablet', ['планшет', 'tablet', 'ipad']],
  ['tv', ['телевизор', 'теледидар', '=тв', '=tv']],
  ['fridge', ['холодильник', 'тоңазытқыш', 'морозил', 'fridge', 'бытов', 'тұрмыстық']],
  ['washer', ['стирал', '=кір', 'washer', 'washing']],
  ['headphones', ['наушник', 'құлаққап', 'headphone', 'earbud']],
  ['vacuum', ['пылесос', 'шаңсорғыш', 'vacuum', '=дома', '=үйге']],
  ['cpu', ['процессор', '=cpu']],
  ['motherboard', ['материнск', 'аналық', 'motherboard', 'комплектующ', 'құрауыш']],
  ['gpu', ['видеокарт', 'бейнекарт', '=gpu']],
  ['ram', ['оперативн', 'памят', 'жад', '=ram', '=ddr4', '=ddr5']],
  ['psu', ['питани', 'қуат', '=psu']],
  ['case', ['корпус', '=case', '=пк', 'компьютер']],
  ['cooler', ['охлажд', 'кулер', 'салқында', 'cooler', 'cooling']],
  ['watch', ['часы', 'сағат', 'watch', 'браслет']],
  ['camera', ['фото', 'камер', 'camera']],
  ['console', ['игров', 'игры', 'развлечен', 'консол', 'ойын', 'console', 'gaming', 'playstation', 'xbox']],
  ['speaker', ['колонк', 'акустик', 'динамик', 'speaker', 'аудио']],
  ['microwave', ['микроволн', 'свч', 'microwave', 'кухн']],
  ['air-conditioner', ['кондиционер', 'климат', 'сплит', 'conditioner']],
  ['gift-card', ['подароч', 'сертификат', 'сыйлық', 'gift']],
  ['service', ['услуг', 'сервис', 'қызмет', 'установк', 'service', 'гарант']],
]

export function guessKind(label: string): ProductKind | 'generic' {
  const words = label
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  for (const [kind, stems] of KEYWORDS) {
    const hit = stems.some((stem) =>
      stem.startsWith('=') ? words.includes(stem.slice(1)) : words.some((w) => w.startsWith(stem)),
    )
    if (hit) return kind
  }
  return 'generic'
}

/** For a banner about no device in particular ("Новинки недели", an instalment offer): a few of them. */
function collage(c: Canvas): string {
  const at = (kind: ProductKind, x: number, y: number, s: number) =>
    group(`translate(${x} ${y}) scale(${s}) translate(-400 -400)`, product(c, kind, '', 0, false))
  return at('laptop', 430, 340, 0.78) + at('smartphone', 200, 470, 0.52) + at('headphones', 640, 520, 0.42)
}

function categoryTile(c: Canvas, label: string, variant: number): string {
  const b = c.brand
  const kind = guessKind(label)
  const bg = c.linear(
    [
      [0, lighten(b, 0.93)],
      [1, lighten(b, 0.8)],
    ],
    0,
    0,
    variant % 2 ? 0 : 1,
    1,
  )
  const lines = wrap(clean(label, 48), 16, 2)
  const size = Math.min(64, 660 / Math.max(...lines.map((l) => ems(l, true))))
  const top = lines.length === 1 ? 700 : 650
  return (
    rect(0, 0, BOX, BOX, 0, bg) +
    circle(400, 300, 264, '#ffffff', `fill-opacity="${variant % 2 ? 0.45 : 0.65}"`) +
    group(`translate(400 300) scale(0.68) translate(-400 -400)`, product(c, kind, '', 0, false)) +
    lines.map((line, i) => text(400, top + i * size * 1.15, line, { size, fill: INK, weight: 700 })).join('')
  )
}

function banner(c: Canvas, label: string, variant: number, width: number, height: number): string {
  const b = c.brand
  const wide = width / height >= 1.5
  const angle = [
    [0, 0, 1, 1],
    [0, 1, 1, 0],
    [1, 0, 0, 1],
    [0, 0, 1, 0],
  ][variant % 4] as [number, number, number, number]
  const bg = c.linear(
    [
      [0, lighten(b, 0.08)],
      [0.6, darken(b, 0.3)],
      [1, mix(darken(b, 0.45), '#3b0764', 0.45)],
    ],
    ...angle,
  )
  const unit = Math.min(width, height)
  let deco =
    circle(width * 0.92, height * 0.12, unit * 0.55, '#ffffff', 'fill-opacity="0.08"') +
    circle(width * 0.08, height * 1.05, unit * 0.45, '#ffffff', 'fill-opacity="0.06"') +
    path(
      `M ${width * 0.45} 0 L ${width * 0.6} 0 L ${width * 0.4} ${height} L ${width * 0.25} ${height} Z`,
      '#ffffff',
      'fill-opacity="0.05"',
    )
  const kind = guessKind(label)
  const clean1 = clean(label, 80)

  if (wide) {
    const artSize = height * 0.9
    const artX = width - artSize - height * 0.05
    const art =
      circle(artX + artSize / 2, height / 2, artSize * 0.42, '#ffffff', 'fill-opacity="0.95"') +
      group(
        `translate(${artX + artSize / 2} ${height / 2}) scale(${(artSize * 0.8) / BOX}) translate(-400 -400)`,
        kind === 'generic' ? collage(c) : product(c, kind, '', 0, false),
      )
    const textWidth = artX - height * 0.3
    const lines = wrap(clean1, Math.max(8, Math.round(textWidth / (height * 0.1))), 3)
    const size = Math.min(height * 0.17, textWidth / Math.max(...lines.map((l) => ems(l, true))))
    const blockHeight = lines.length * size * 1.15 + size * 1.4
    const y0 = (height - blockHeight) / 2 + size
    const x0 = height * 0.18
    const body = lines
      .map((line, i) =>
        text(x0, y0 + i * size * 1.15, line, { size, fill: '#ffffff', weight: 800, anchor: 'start' }),
      )
      .join('')
    const pillY = y0 + lines.length * size * 1.15 - size * 0.2
    const pill =
      rect(x0, pillY, size * 2.6, size * 0.9, size * 0.45, '#ffffff') +
      path(
        `M ${x0 + size * 0.9} ${pillY + size * 0.45} H ${x0 + size * 1.7} M ${x0 + size * 1.4} ${pillY + size * 0.22} L ${x0 + size * 1.7} ${pillY + size * 0.45} L ${x0 + size * 1.4} ${pillY + size * 0.68}`,
        'none',
        `stroke="${b}" stroke-width="${size * 0.1}" stroke-linecap="round" stroke-linejoin="round"`,
      )
    deco += art
    return rect(0, 0, width, height, 0, bg) + deco + body + pill
  }

  const artSize = Math.min(width * 0.7, height * 0.55)
  const art =
    circle(width / 2, height * 0.34, artSize * 0.5, '#ffffff', 'fill-opacity="0.95"') +
    group(
      `translate(${width / 2} ${height * 0.34}) scale(${(artSize * 0.92) / BOX}) translate(-400 -400)`,
      kind === 'generic' ? collage(c) : product(c, kind, '', 0, false),
    )
  const lines = wrap(clean1, 18, 3)
  const size = Math.min(height * 0.085, (width * 0.86) / Math.max(...lines.map((l) => ems(l, true))))
  const y0 = height * 0.34 + artSize * 0.5 + size * 1.6
  const body = lines
    .map((line, i) => text(width / 2, y0 + i * size * 1.15, line, { size, fill: '#ffffff', weight: 800 }))
    .join('')
  return rect(0, 0, width, height, 0, bg) + deco + art + body
}

/**
 * The SVG for one image row. `target` is the requested pixel size; only banners use it, to lay
 * themselves out at that aspect ratio.
 */
export function illustrate(spec: IllustrationSpec, target: { width: number; height: number }): Illustration {
  const c = new Canvas(brandColor(spec.color))
  const variant = ((Math.trunc(spec.variant) % 4) + 4) % 4
  if (spec.kind === 'banner') {
    // Lay out at a comfortable working size with the target's aspect; sharp scales it to the pixels.
    const scale = 1200 / Math.max(target.width, target.height)
    const width = Math.round(target.width * scale)
    const height = Math.round(target.height * scale)
    return {
      svg: c.document(width, height, banner(c, spec.label, variant, width, height)),
      width,
      height,
      fit: 'cover',
    }
  }
  const body =
    spec.kind === 'category'
      ? categoryTile(c, spec.label, variant)
      : product(c, spec.kind, clean(spec.label), variant)
  return { svg: c.document(BOX, BOX, body), width: BOX, height: BOX, fit: 'contain' }
}
