import { createElement, version } from 'react'
import { describe, expect, it } from 'vitest'

describe('the runtime the client tests use', () => {
  it('is preact/compat, the runtime the store ships', async () => {
    const compat = await import('preact/compat')
    expect(version).toBe(compat.version)
    expect(createElement).toBe(compat.createElement)
  })
})
