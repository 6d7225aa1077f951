import { createElement, version } from 'react'
import { version as domVersion } from 'react-dom'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

describe('the runtime the client tests use', () => {
  it('is React 19 with its own react-dom, the runtime the store ships', () => {
    expect(version).toMatch(/^19\./)
    expect(domVersion).toBe(version)
    // preact/compat's elements have no $$typeof of React's
    expect((createElement('p') as unknown as { $$typeof: symbol }).$$typeof).toBe(
      Symbol.for('react.transitional.element'),
    )
    expect(renderToString(createElement('p', null, 'ok'))).toBe('<p>ok</p>')
  })

  it('has no preact installed to be aliased in', async () => {
    const preact = 'preact'
    await expect(import(/* @vite-ignore */ preact)).rejects.toThrow()
  })
})
