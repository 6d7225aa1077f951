import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { qrSvg } from './svg'

/** The dark modules the SVG draws: its path is one horizontal stroke per run of dark modules. */
function drawnModules(svg: string, margin: number): Set<string> {
  const path = /<path stroke="#000000" d="([^"]*)"/.exec(svg)?.[1] ?? ''
  const dark = new Set<string>()
  let x = 0
  let y = 0
  for (const [, cmd, a, b] of path.matchAll(/([MmHh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (cmd === 'M') [x, y] = [Number(a), Number(b)]
    else if (cmd === 'm') [x, y] = [x + Number(a), y + Number(b)]
    else {
      for (let i = 0; i < Number(a); i++) dark.add(`${x + i - margin},${Math.floor(y) - margin}`)
      x += Number(a)
    }
  }
  return dark
}

describe('the QR code of a payment', () => {
  const payload = '/qr-provider/api/v1/sessions/3b0c6a52-3f0e-4c47-9f5c-0d3c0c3e1a11'

  it('is an SVG document with a one-module quiet zone', async () => {
    const svg = await qrSvg(payload)
    expect(svg.startsWith('<svg')).toBe(true)
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true)
    expect(svg.length).toBeGreaterThan(1000)
    const size = QRCode.create(payload, { errorCorrectionLevel: 'M' }).modules.size
    expect(svg).toContain(`viewBox="0 0 ${size + 2} ${size + 2}"`)
  })

  it('draws exactly the modules that encode the payload', async () => {
    const svg = await qrSvg(payload)
    const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' })
    const expected = new Set<string>()
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) expected.add(`${col},${row}`)
    expect(expected.size).toBeGreaterThan(100)
    expect(drawnModules(svg, 1)).toEqual(expected)
    expect(await qrSvg(`${payload}x`)).not.toBe(svg)
  })
})
