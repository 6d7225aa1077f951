import { describe, expect, it } from 'vitest'
import { millimetres, psuLoadPercent, watts } from './format'

describe('the configurator figures', () => {
  it('writes watts and millimetres with a no-break space and grouped digits', () => {
    expect(watts(450)).toBe('450\u00a0Вт')
    expect(watts(1200.4)).toBe('1\u00a0200\u00a0Вт')
    expect(millimetres(336)).toBe('336\u00a0мм')
  })

  it('shows how full the supply is, capped at 100, and nothing without a supply', () => {
    expect(psuLoadPercent(325, 650)).toBe(50)
    expect(psuLoadPercent(900, 650)).toBe(100)
    expect(psuLoadPercent(325, null)).toBeNull()
  })
})
