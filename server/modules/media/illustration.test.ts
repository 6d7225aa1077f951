import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { guessKind, illustrate, PRODUCT_KINDS } from './illustration'

const KINDS = [...PRODUCT_KINDS, 'banner', 'category', 'generic', 'something-new']

describe('the illustrations', () => {
  it('draws every kind in every variant as an SVG that renders', async () => {
    for (const kind of KINDS) {
      for (const variant of [0, 1, 2, 3]) {
        const art = illustrate(
          { kind, color: '#e4002b', label: 'Brand', variant },
          { width: 100, height: 100 },
        )
        const meta = await sharp(Buffer.from(art.svg)).metadata()
        expect(meta.format, `${kind} v${variant}`).toBe('svg')
      }
    }
  })

  it('gives the four variants of a product four different pictures', () => {
    const svgs = [0, 1, 2, 3].map(
      (variant) =>
        illustrate(
          { kind: 'laptop', color: '#0071c5', label: 'Lenovo', variant },
          { width: 800, height: 800 },
        ).svg,
    )
    expect(new Set(svgs).size).toBe(4)
  })

  it('escapes labels and survives colours it cannot read', async () => {
    const art = illustrate(
      { kind: 'smartphone', color: 'not a colour', label: `<b>"Tom & Jerry's"</b>\u0007`, variant: 0 },
      { width: 48, height: 48 },
    )
    expect(art.svg).toContain('&lt;b&gt;&quot;Tom &amp; Jerry&#39;s&quot;&lt;/b&gt;')
    await expect(sharp(Buffer.from(art.svg)).png().toBuffer()).resolves.toBeInstanceOf(Buffer)
  })

  it('lays a banner out at the aspect it is asked for, and products in a square', () => {
    const wide = illustrate(
      { kind: 'banner', color: '#000', label: 'Акция', variant: 0 },
      { width: 800, height: 272 },
    )
    expect(wide.width / wide.height).toBeCloseTo(800 / 272, 1)
    expect(wide.fit).toBe('cover')
    const phone = illustrate(
      { kind: 'smartphone', color: '#000', label: 'X', variant: 0 },
      { width: 800, height: 272 },
    )
    expect([phone.width, phone.height, phone.fit]).toEqual([800, 800, 'contain'])
  })

  it.each([
    ['Смартфоны', 'smartphone'],
    ['Твердотельные накопители', 'storage'],
    ['Телевизоры', 'tv'],
    ['Смарт-часы', 'watch'],
    ['Робот-пылесосы', 'vacuum'],
    ['SSD накопители', 'storage'],
    ['Стиральные машины', 'washer'],
    ['Ноутбуки для учёбы', 'laptop'],
    ['Блоки питания', 'psu'],
    ['Тоңазытқыштар', 'fridge'],
    ['Комплектующие для ПК', 'motherboard'],
    ['Собери свой игровой ПК', 'case'],
    ['Игровые приставки', 'console'],
    ['Бытовая техника для дома', 'fridge'],
    ['Кір жуғыш машиналар', 'washer'],
    ['Чёрная пятница', 'generic'],
  ])('draws a %s category or banner with the %s picture', (label, kind) => {
    expect(guessKind(label)).toBe(kind)
  })
})
