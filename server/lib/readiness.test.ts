import { describe, expect, it } from 'vitest'
import { Readiness } from './readiness'

describe('Readiness', () => {
  it('names the parts that are not ready yet, and none once they are', () => {
    const readiness = new Readiness()
    let indexBuilt = false
    readiness.add('search_lexicon', () => true)
    readiness.add('catalog_index', () => indexBuilt)
    expect(readiness.pending()).toEqual(['catalog_index'])
    indexBuilt = true
    expect(readiness.pending()).toEqual([])
  })
})
