import { describe, expect, it } from 'vitest'
import { loanGoodsOf, withComponents, withPart } from './queries'
import type { Configuration, ConfiguredComponent, PartProduct } from './types'

const product = (sku: string, price: number): PartProduct => ({
  sku,
  uri: sku,
  title: sku,
  image: null,
  price,
  oldPrice: null,
  stock: 1,
})
const cpu: ConfiguredComponent = { code: 'cpu', sku: 'CPU1', quantity: 1, product: product('CPU1', 100_000) }
const gpu: ConfiguredComponent = { code: 'gpu', sku: 'GPU1', quantity: 1, product: product('GPU1', 300_000) }
const pcCase: ConfiguredComponent = { code: 'case', sku: 'C1', quantity: 1, product: product('C1', 30_000) }

const configuration: Configuration = {
  id: 'cfg',
  shareCode: 'share',
  components: [cpu, gpu, pcCase],
  incompatibleComponents: ['gpu', 'case'],
  totalPrice: 430_000,
  componentInfoList: [],
  messages: [{ severity: 'error', code: 'gpu_length', messageKey: 'k', parts: ['GPU1', 'C1'] }],
  estimatedWattage: 450,
}

describe('a change shown before the server answers', () => {
  it('replaces the part of a kind and takes a kind out', () => {
    const other = product('GPU2', 200_000)
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
    expect(loanGoodsOf([{ ...cpu, quantity: 2 }])).toEqual([
      { sku: 'CPU1', quantity: 2, price: 100_000, amount: 200_000 },
    ])
  })
})
