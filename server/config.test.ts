import { describe, expect, it } from 'vitest'
import { ConfigError, readConfig } from './config'

describe('reading the environment', () => {
  it('starts on the embedded database on port 3000 when nothing is set', () => {
    const config = readConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.DATA_DIR).toBe('./data')
    expect(config.SEED_PRODUCTS).toBe(5000)
  })

  it('treats an empty DATABASE_URL as not set', () => {
    expect(readConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })

  it('names every bad variable with what is wrong and what it got', () => {
    try {
      readConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' })
      expect.unreachable()
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError)
      const message = (err as Error).message
      expect(message).toContain('PORT')
      expect(message).toContain('"eighty"')
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL')
      expect(message).toContain('NODE_ENV')
    }
  })
})

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty or false', () => {
    expect(readConfig({}).TRUST_PROXY).toBe(false)
    expect(readConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false)
    expect(readConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
  })

  it('reads a list of addresses, CIDRs and range names', () => {
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, ::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ])
  })

  it('refuses anything else, naming the bad entries (trusting every peer, or a hop count, is not offered)', () => {
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*bad: true/)
    expect(() => readConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: .*bad: 1/)
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.0/99, proxy.local' })).toThrow(
      /bad: 10\.0\.0\.0\/99, proxy\.local/,
    )
  })
})
