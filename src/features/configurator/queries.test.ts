import { describe, expect, it } from 'vitest'
import { loanGoodsOf, withComponents, withPart } from './queries'
import type { CompatiblePart, ComponentCode, Configuration, ConfigurationComponent } from './types'

const part = (sku: string, price: number): CompatiblePart => ({
  sku,
  code: 'gpu',
  title: sku,
  uri: sku,
  brand: null,
  images: [],
  price,
  old_price: null,
  stock: 1,
  isAvailable: true,
  specs: {},
  warnings: [],
  errors: [],
})
const line = (code: ComponentCode, sku: string, price: number): ConfigurationComponent =>
  withPart([], code, part(sku, price))[0]!
const cpu = line('cpu', 'CPU1', 100_000)
const gpu = line('gpu', 'GPU1', 300_000)
const pcCase = line('case', 'C1', 30_000)

const configuration: Configuration = {
  id: 'cfg',
  shareCode: 'share',
  name: null,
  cityId: 1,
  components: [cpu, gpu, pcCase],
  incompatibleComponents: ['gpu', 'case'],
  messages: [
    {
      severity: 'error',
      code: 'gpu_length',
      messageKey: 'configurator:rule.gpu_length',
      parts: ['GPU1', 'C1'],
      components: ['gpu', 'case'],
      params: { length: 340, max: 300 },
    },
  ],
  componentsInfo: [],
  missingComponents: [],
  totalPrice: 430_000,
  estimatedWattage: 450,
  recommendedWattage: 585,
  isComplete: false,
  isOwner: true,
  assemblyService: null,
  cartBatch: null,
  updatedAt: '',
}

describe('a change shown before the server answers', () => {
  it('replaces the part of a kind and takes a kind out', () => {
    const other = part('GPU2', 200_000)
    expect(withPart([cpu, gpu], 'gpu', other).map((c) => c.sku)).toEqual(['CPU1', 'GPU2'])
    expect(withPart([cpu, gpu], 'gpu', null).map((c) => c.sku)).toEqual(['CPU1'])
  })

  it('drops the conflict of a part taken out and sums the new total', () => {
    const next = withComponents(configuration, withPart(configuration.components, 'gpu', null))
    expect(next.messages).toEqual([])
    expect(next.incompatibleComponents).toEqual([])
    expect(next.totalPrice).toBe(130_000)
  })

  it('keeps a conflict whose parts are both still there', () => {
    const next = withComponents(configuration, [gpu, pcCase])
    expect(next.incompatibleComponents).toEqual(['gpu', 'case'])
  })

  it('hands the loan calculator each part with its price and amount', () => {
    expect(loanGoodsOf(withPart([], 'cpu', part('CPU1', 100_000), 2))).toEqual([
      { sku: 'CPU1', quantity: 2, price: 100_000, amount: 200_000 },
    ])
  })
})
