import { describe, expect, it } from 'vitest'
import type { BrokerOfferState as BrokerState } from '../../../../contract/values/broker'
import { allRejected, anyCalculating, offerEntries } from './offer-states'

const offer = (id: string, status?: BrokerState) => ({ id, status })
const partner = (code: string, state: BrokerState | null, offers: ReturnType<typeof offer>[]) => ({
  code,
  state,
  offers,
})

const shown = (entries: ReturnType<typeof offerEntries>) =>
  entries.map((e) => [e.partner.code, (e.offer as { id: string } | null)?.id ?? null, e.state])

describe('the bank choice’s entries', () => {
  it('shows a preapproval as an approval', () => {
    const entries = offerEntries([partner('halyk', 'PREAPPROVED', [offer('h1', 'PREAPPROVED')])])
    expect(shown(entries)).toEqual([['halyk', 'h1', 'APPROVED']])
  })

  it('collapses a rejected or cancelled bank into one rejected entry, whatever its offers', () => {
    const entries = offerEntries([
      partner('kaspi', 'REJECTED', [offer('k1', 'REJECTED'), offer('k2', 'REJECTED')]),
      partner('forte', 'PARTNER_CANCELLED', [offer('f1', 'APPROVED')]),
      partner('bcc', 'APPROVED', [offer('b1', 'PARTNER_CANCELLED'), offer('b2', 'REJECTED')]),
    ])
    expect(shown(entries)).toEqual([
      ['kaspi', null, 'REJECTED'],
      ['forte', null, 'REJECTED'],
      ['bcc', null, 'REJECTED'],
    ])
  })

  it('shows a bank with no offers that did not reject as calculating', () => {
    const entries = offerEntries([
      partner('sber', 'INIT', []),
      partner('rbk', 'NOT_READY_YET', []),
      partner('altyn', null, []),
    ])
    expect(shown(entries)).toEqual([
      ['sber', null, 'CALCULATION'],
      ['rbk', null, 'CALCULATION'],
      ['altyn', null, 'CALCULATION'],
    ])
    expect(anyCalculating(entries)).toBe(true)
  })

  it('keeps one entry per offer, each in its own state, an offer without one in its bank’s', () => {
    const entries = offerEntries([
      partner('halyk', 'APPROVED', [offer('h12', 'APPROVED'), offer('h24', 'CALCULATION'), offer('h6')]),
    ])
    expect(shown(entries)).toEqual([
      ['halyk', 'h12', 'APPROVED'],
      ['halyk', 'h24', 'CALCULATION'],
      ['halyk', 'h6', 'APPROVED'],
    ])
  })

  it('drops offers no one gives a state when asked to', () => {
    const partners = [partner('jysan', null, [offer('j1'), offer('j2', 'APPROVED')])]
    expect(shown(offerEntries(partners, { dropStateless: true }))).toEqual([['jysan', 'j2', 'APPROVED']])
    expect(shown(offerEntries(partners))).toEqual([
      ['jysan', 'j1', 'CALCULATION'],
      ['jysan', 'j2', 'APPROVED'],
    ])
  })

  it('says when every bank rejected', () => {
    const rejected = offerEntries([partner('a', 'REJECTED', []), partner('b', 'PARTNER_CANCELLED', [])])
    expect(allRejected(rejected)).toBe(true)
    expect(anyCalculating(rejected)).toBe(false)
    expect(allRejected(offerEntries([partner('a', 'REJECTED', []), partner('b', 'INIT', [])]))).toBe(false)
    expect(allRejected([])).toBe(false)
  })
})
