import { describe, expect, it } from 'vitest'
import { ModelKeys } from './model-keys'

describe('model keys', () => {
  const keys = ['rtx4070', 'rtx4070ti', '', 'sms928b', 'rtx4070', 'wh1000xm5', 'wh1000xm4']
  const models = new ModelKeys(keys)
  const docsOf = (part: string) => {
    const found: number[] = []
    models.eachDocument(part, (doc) => found.push(doc))
    return found.sort((a, b) => a - b)
  }
  /** `model_key like '%part%'`, row by row. */
  const naive = (part: string) => keys.flatMap((k, doc) => (part !== '' && k.includes(part) ? [doc] : []))

  it.each(['rtx4070', '4070', 'ti', 's928', 'wh1000xm', 'xm5', 'w', 'nothing', '70rtx', '5wh'])(
    'finds the documents whose key contains "%s", each once',
    (part) => {
      expect(docsOf(part)).toEqual(naive(part))
      expect(models.has(part)).toBe(naive(part).length > 0)
    },
  )

  it('never matches across two keys or an empty part', () => {
    expect(models.has('ti\nsms')).toBe(false)
    expect(docsOf('')).toEqual([])
    expect(models.has('')).toBe(false)
  })
})
