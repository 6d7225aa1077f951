import { describe, expect, it } from 'vitest'
import { escapeHtml, formatTenge } from './hosted-page'

describe('hosted page helpers', () => {
  it('prints tenge like the store: groups of three, no-break spaces, the sign last', () => {
    expect(formatTenge(12345)).toBe('12\u00a0345\u00a0₸')
    expect(formatTenge(1299990)).toBe('1\u00a0299\u00a0990\u00a0₸')
    expect(formatTenge(999)).toBe('999\u00a0₸')
    expect(formatTenge(0)).toBe('0\u00a0₸')
  })

  it('escapes markup', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;')
  })
})
