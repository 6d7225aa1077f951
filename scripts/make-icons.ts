/**
 * Draws the store's icons from one SVG of its logo, the same mark as the header's (src/features/shell/
 * logo.tsx): an amber lightning bolt on a cobalt tile. Shapes only, no font, so every machine renders the
 * same pixels.
 *
 *   npx tsx scripts/make-icons.ts
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { THEME_COLOR } from '../pwa.config'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const PUBLIC = path.join(ROOT, 'public')
const ICONS = path.join(PUBLIC, 'icons')

const SPARK = '#ffd23f'

interface TileOptions {
  /** Rounded corners with transparency around them, or a full square the platform masks itself. */
  rounded: boolean
  /** Scale of the mark around the centre; maskable icons keep it inside the 80 % safe circle. */
  markScale: number
}

/** The header's 32-unit bolt, drawn in a 512 box. */
function mark(scale: number): string {
  const t = `translate(256 256) scale(${scale * 16}) translate(-16 -16)`
  return `<path transform="${t}" d="M18.5 5 9 18h6l-1.5 9L23 14h-6l1.5-9Z" fill="${SPARK}" stroke="${SPARK}" stroke-width="0.6" stroke-linejoin="round"/>`
}

function logoSvg(size: number, { rounded, markScale }: TileOptions): string {
  const radius = rounded ? 128 : 0
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${radius}" fill="${THEME_COLOR}"/>
  ${mark(markScale)}
</svg>`
}

/** Shortcut glyphs: white line icons on the same tile, read at 96 px in a launcher's long-press menu. */
const GLYPHS = {
  catalog: `<g fill="#fff">
    <rect x="120" y="120" width="120" height="120" rx="26"/><rect x="272" y="120" width="120" height="120" rx="26"/>
    <rect x="120" y="272" width="120" height="120" rx="26"/><rect x="272" y="272" width="120" height="120" rx="26" fill="${SPARK}"/>
  </g>`,
  cart: `<g transform="translate(256 262) scale(0.8) translate(-254 -262)"><g fill="none" stroke="#fff" stroke-width="34" stroke-linecap="round" stroke-linejoin="round">
    <path d="M96 128h52l40 184h188l36-136H172"/>
  </g>
  <circle cx="212" cy="384" r="30" fill="#fff"/><circle cx="348" cy="384" r="30" fill="${SPARK}"/></g>`,
  search: `<g fill="none" stroke-width="40" stroke-linecap="round">
    <circle cx="228" cy="228" r="96" stroke="#fff"/><path d="M300 300l88 88" stroke="${SPARK}"/>
  </g>`,
  orders: `<g fill="none" stroke="#fff" stroke-width="32" stroke-linecap="round" stroke-linejoin="round">
    <rect x="144" y="112" width="224" height="288" rx="28"/><path d="M200 192h112M200 256h112M200 320h56"/>
  </g><circle cx="352" cy="360" r="44" fill="${SPARK}"/>`,
}

function glyphSvg(size: number, glyph: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="128" fill="${THEME_COLOR}"/>
  ${glyph}
</svg>`
}

const png = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toBuffer()

/**
 * An .ico that holds PNG images (every browser since IE Vista reads them), for the clients that ask for
 * /favicon.ico before reading the page's <link rel="icon">.
 */
function icoFromPngs(images: ReadonlyArray<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = 6 + 16 * images.length
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size >= 256 ? 0 : size, 0)
    entry.writeUInt8(size >= 256 ? 0 : size, 1)
    entry.writeUInt8(0, 2)
    entry.writeUInt8(0, 3)
    entry.writeUInt16LE(1, 4)
    entry.writeUInt16LE(32, 6)
    entry.writeUInt32LE(data.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += data.length
    return entry
  })
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)])
}

async function main() {
  await mkdir(ICONS, { recursive: true })
  const any = { rounded: true, markScale: 0.9 }
  // The safe zone is a circle of 40 % of the size around the centre; the bolt's tips must stay in it.
  const maskable = { rounded: false, markScale: 0.72 }
  // iOS fills transparency with black and rounds the corners itself.
  const apple = { rounded: false, markScale: 0.8 }

  const files: Array<[string, Buffer | string]> = [
    ['icons/icon-192.png', await png(logoSvg(192, any))],
    ['icons/icon-512.png', await png(logoSvg(512, any))],
    ['icons/icon-512-maskable.png', await png(logoSvg(512, maskable))],
    ['icons/apple-touch-icon.png', await png(logoSvg(180, apple))],
    ['icons/shortcut-catalog-96.png', await png(glyphSvg(96, GLYPHS.catalog))],
    ['icons/shortcut-cart-96.png', await png(glyphSvg(96, GLYPHS.cart))],
    ['icons/shortcut-search-96.png', await png(glyphSvg(96, GLYPHS.search))],
    ['icons/shortcut-orders-96.png', await png(glyphSvg(96, GLYPHS.orders))],
    ['icons/icon-192-maskable.png', await png(logoSvg(192, maskable))],
    ['favicon.svg', logoSvg(32, any).replace(/\n\s*/g, '') + '\n'],
    [
      'favicon.ico',
      icoFromPngs(
        await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(logoSvg(size, any)) }))),
      ),
    ],
  ]
  for (const [name, data] of files) {
    await writeFile(path.join(PUBLIC, name), data)
    console.log(`public/${name}`)
  }
}

await main()
