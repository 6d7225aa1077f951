import { describe, expect, it } from 'vitest'
import { ILLUSTRATION_KINDS, PRODUCT_TYPES, type ProductAttributes } from '../db/schema/catalog'
import { PRODUCT_LEAVES } from './categories'
import { CatalogGenerator, planCatalog, regularCount, skuOf, type GeneratedProduct } from './generate'
import { CHIPSET_SOCKET, SOCKET_MEMORY } from './products/pc-components'
import { SPECIAL_PRODUCTS } from './products/specials'
import { slugify } from './text'

function catalogue(size: number, seed?: number): GeneratedProduct[] {
  const generator = new CatalogGenerator(planCatalog(size, seed))
  return Array.from({ length: size }, (_, i) => generator.product(i + 1))
}

const SAMPLE = catalogue(6000)
const bySlug = (slug: string) => {
  const leaf = PRODUCT_LEAVES.find((l) => l.slug === slug)
  return SAMPLE.filter((p) => p.product.category_id === leaf?.id).map((p) => p.product.attributes)
}

describe('the catalogue generator', () => {
  it('gives the same products for the same seed, whatever the catalogue size', () => {
    const small = catalogue(300)
    expect(catalogue(300)).toEqual(small)
    const regular = regularCount(planCatalog(300))
    expect(SAMPLE.slice(0, regular)).toEqual(small.slice(0, regular))
  })

  it('gives another catalogue for another seed', () => {
    const other = catalogue(300, 7)
    expect(other.slice(0, 50).map((p) => p.product.title_ru)).not.toEqual(
      SAMPLE.slice(0, 50).map((p) => p.product.title_ru),
    )
  })

  it('refuses catalogues too small to hold every kind of product', () => {
    expect(() => planCatalog(40)).toThrow(/at least 100/)
  })

  it('issues numeric skus that stay unique at 200,000 products', () => {
    const skus = new Set<string>()
    for (let id = 1; id <= 200_000; id++) skus.add(skuOf(id))
    expect(skus.size).toBe(200_000)
    expect([...skus].every((s) => /^\d{7}$/.test(s))).toBe(true)
  })

  it('writes titles the way the store does, in Russian and with the Kazakh category word', () => {
    const titles = SAMPLE.map((p) => p.product.title_ru)
    expect(titles).toContain('Смартфон Samsung Galaxy A55 8/256GB Awesome Navy')
    expect(titles.some((t) => /^Телевизор LG 55UR78006LK 55" 4K UHD$/.test(t))).toBe(true)
    expect(titles.some((t) => /^Видеокарта \S+ GeForce RTX 4070 .+ 12GB$/.test(t))).toBe(true)
    expect(titles.some((t) => /^Процессор AMD Ryzen 7 7800X3D AM5/.test(t))).toBe(true)
    expect(titles.some((t) => /^Смартфон Samsung Galaxy S24 Ultra /.test(t))).toBe(true)
    const fridge = SAMPLE.find((p) => p.product.title_ru.startsWith('Холодильник '))
    expect(fridge?.product.title_kk).toBe(fridge?.product.title_ru.replace('Холодильник', 'Тоңазытқыш'))
    const badUris = SAMPLE.map((p) => p.product).filter(
      (p) =>
        p.uri !== `${slugify(p.title_ru.replace(/^Услуга: /, ''))}-${p.sku}` || !/^[a-z0-9-]+$/.test(p.uri),
    )
    expect(badUris).toEqual([])
  })

  it('prices every product in tenge for all four cities, with consistent discounts and credit', () => {
    const wrong = SAMPLE.flatMap(({ product, prices }) =>
      prices
        .filter(
          (p) =>
            !Number.isInteger(p.price) ||
            p.price <= 0 ||
            (p.old_price === null
              ? p.discount !== 0
              : p.old_price <= p.price ||
                p.discount !== Math.round(((p.old_price - p.price) / p.old_price) * 100)) ||
            (p.credit_month_num !== null &&
              (![12, 24].includes(p.credit_month_num) ||
                p.credit_amount !== Math.ceil(p.price / p.credit_month_num) ||
                p.credit_type_label !== `Рассрочка 0-0-${p.credit_month_num}`)) ||
            (product.type === 'certificate' && p.price !== product.attributes.nominal),
        )
        .map((p) => ({ id: product.id, ...p })),
    )
    expect(wrong).toEqual([])
    expect(SAMPLE.every((p) => p.prices.map((x) => x.city_id).join() === '1,2,3,4')).toBe(true)
    const discounted = SAMPLE.filter((p) => p.prices[0]?.old_price !== null).length / SAMPLE.length
    expect(discounted).toBeGreaterThan(0.2)
    expect(discounted).toBeLessThan(0.4)
  })

  it('keeps category prices where shoppers expect them', () => {
    const range = (slug: string) => {
      const leaf = PRODUCT_LEAVES.find((l) => l.slug === slug)
      const prices = SAMPLE.filter((p) => p.product.category_id === leaf?.id).flatMap((p) =>
        p.prices.map((x) => x.price),
      )
      return [Math.min(...prices), Math.max(...prices)]
    }
    const [phoneMin, phoneMax] = range('smartfony')
    expect(phoneMin).toBeGreaterThanOrEqual(40_000)
    expect(phoneMax).toBeLessThanOrEqual(900_000)
    const [fridgeMin, fridgeMax] = range('holodilniki')
    expect(fridgeMin).toBeGreaterThanOrEqual(150_000)
    expect(fridgeMax).toBeLessThanOrEqual(1_200_000)
  })

  it('makes all six product types, services pointing at a product of the category they serve', () => {
    const types = new Set(SAMPLE.map((p) => p.product.type))
    expect([...types].sort()).toEqual([...PRODUCT_TYPES].sort())
    expect(SAMPLE.filter((p) => p.product.id > regularCount(planCatalog(6000))).length).toBe(
      SPECIAL_PRODUCTS.length,
    )
    for (const { product } of SAMPLE.filter(
      (p) => p.product.type === 'service' || p.product.type === 'guaranty',
    )) {
      const reference = SAMPLE[(product.reference_product_id ?? 0) - 1]?.product
      expect(reference?.category_id).toBe(product.service_category_id)
    }
  })

  it('draws every product with two to four pictures of its category kind in the brand colour', () => {
    const wrong = SAMPLE.filter(
      ({ product, images }) =>
        images.length < 2 ||
        images.length > 4 ||
        images.some(
          (image, n) =>
            image.id !== `p${product.id}-${n}` ||
            image.product_id !== product.id ||
            !(ILLUSTRATION_KINDS as readonly string[]).includes(image.kind) ||
            !/^#[0-9a-f]{6}$/.test(image.color),
        ),
    )
    expect(wrong).toEqual([])
  })

  it('gives PC components attributes the configurator can match', () => {
    const sockets = Object.keys(SOCKET_MEMORY)
    const cpus = bySlug('processory')
    const boards = bySlug('materinskie-platy')
    for (const cpu of cpus) {
      expect(sockets).toContain(cpu.socket)
      expect(cpu.memory_type).toEqual(SOCKET_MEMORY[cpu.socket as string])
      expect(cpu.tdp).toBeGreaterThan(0)
    }
    for (const board of boards) {
      expect(CHIPSET_SOCKET[board.chipset as string]).toBe(board.socket)
      expect(SOCKET_MEMORY[board.socket as string]).toContain(board.memory_type)
      expect(['eatx', 'atx', 'matx', 'itx']).toContain(board.form_factor)
    }
    for (const ram of bySlug('operativnaya-pamyat')) expect(['ddr4', 'ddr5']).toContain(ram.memory_type)
    for (const gpu of bySlug('videokarty')) {
      expect(gpu.recommended_psu as number).toBeGreaterThan(gpu.tdp as number)
      expect(gpu.length).toBeGreaterThan(150)
    }
    for (const pcCase of bySlug('korpusa')) {
      expect((pcCase.form_factor as string[]).length).toBeGreaterThan(0)
      expect((pcCase.form_factor as string[]).every((f) => ['eatx', 'atx', 'matx', 'itx'].includes(f))).toBe(
        true,
      )
    }
    for (const cooler of bySlug('kulery')) {
      expect((cooler.socket as string[]).every((s) => sockets.includes(s))).toBe(true)
    }
    // every socket a processor needs has boards, and every memory type boards take has modules
    expect(new Set(cpus.map((c) => c.socket))).toEqual(new Set(boards.map((b) => b.socket)))
  })

  it('lets a small catalogue assemble a complete compatible PC', () => {
    const small = catalogue(200)
    const of = (slug: string) => {
      const leaf = PRODUCT_LEAVES.find((l) => l.slug === slug)
      return small.filter((p) => p.product.category_id === leaf?.id).map((p) => p.product.attributes)
    }
    const has = (list: unknown, item: unknown) => Array.isArray(list) && list.includes(item)
    const builds: ProductAttributes[][] = []
    for (const cpu of of('processory'))
      for (const board of of('materinskie-platy').filter((b) => b.socket === cpu.socket))
        for (const ram of of('operativnaya-pamyat').filter(
          (m) => m.memory_type === board.memory_type && has(cpu.memory_type, m.memory_type),
        ))
          for (const gpu of of('videokarty'))
            for (const pcCase of of('korpusa').filter(
              (c) =>
                has(c.form_factor, board.form_factor) &&
                (c.max_gpu_length as number) >= (gpu.length as number),
            ))
              for (const cooler of of('kulery').filter(
                (k) => has(k.socket, cpu.socket) && (k.max_tdp as number) >= (cpu.tdp as number),
              ))
                for (const psu of of('bloki-pitaniya').filter(
                  (p) =>
                    (p.wattage as number) >=
                    Math.max(gpu.recommended_psu as number, (cpu.tdp as number) + (gpu.tdp as number) + 150),
                ))
                  builds.push([cpu, board, ram, gpu, pcCase, cooler, psu])
    expect(builds.length).toBeGreaterThan(0)
  })

  it('leaves some products out of stock in a city, some at their last unit and some only on a showcase', () => {
    const cityStates = SAMPLE.filter((p) => p.product.type === 'regular' && !p.product.is_preorder).flatMap(
      ({ stocks }) => [1, 2, 3, 4].map((city) => stocks.filter((s) => s.city_id === city)),
    )
    expect(cityStates.some((rows) => rows.length === 0)).toBe(true)
    expect(
      cityStates.some((rows) => rows.length === 1 && rows[0]?.quantity === 1 && rows[0].condition === 'N'),
    ).toBe(true)
    expect(cityStates.some((rows) => rows.length > 0 && rows.every((r) => r.condition === 'V'))).toBe(true)
    for (const { product, stocks } of SAMPLE) {
      if (product.type !== 'regular' || product.is_preorder) expect(stocks).toEqual([])
    }
  })

  it('marks products new, on pre-order, discounted and rated', () => {
    const products = SAMPLE.map((p) => p.product)
    expect(products.some((p) => p.is_new)).toBe(true)
    expect(products.some((p) => p.is_preorder && p.only_prepayment)).toBe(true)
    expect(products.some((p) => p.stickers.some((s) => s.text_ru === 'Хит продаж'))).toBe(true)
    expect(products.some((p) => p.stickers.some((s) => s.text_ru === 'Рассрочка 0-0-12'))).toBe(true)
    for (const p of products.filter((x) => x.review_count > 0)) {
      expect(p.rating).toBeGreaterThanOrEqual(3)
      expect(p.rating).toBeLessThanOrEqual(5)
    }
  })
})
