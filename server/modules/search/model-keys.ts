/**
 * Model keys (`search_documents.model_key`: the model's letters and digits, 'rtx4070', 'sm-s928b' →
 * 'sms928b') for the search by part of a model number, `model_key like '%k%'`. Products share few
 * distinct keys (6,000 for 200,000 products), so the distinct keys are joined into one string that a
 * part is looked for with `indexOf`, each key pointing to its documents.
 */
export class ModelKeys {
  /** Distinct keys joined by '\n' (never part of a key: keys are letters and digits). */
  private readonly joined: string
  /** Where key i starts in `joined`. */
  private readonly starts: Int32Array
  /** Documents of key i: [offsets[i], offsets[i + 1]) of `docs`. */
  private readonly offsets: Int32Array
  private readonly docs: Int32Array

  /** `keys[doc]` is document doc's key ('' when it has none). */
  constructor(keys: string[]) {
    const byKey = new Map<string, number[]>()
    keys.forEach((key, doc) => {
      if (key === '') return
      const list = byKey.get(key)
      if (list) list.push(doc)
      else byKey.set(key, [doc])
    })
    const distinct = [...byKey.keys()]
    this.joined = distinct.join('\n')
    this.starts = new Int32Array(distinct.length)
    this.offsets = new Int32Array(distinct.length + 1)
    let at = 0
    distinct.forEach((key, i) => {
      this.starts[i] = at
      at += key.length + 1
      this.offsets[i + 1] = this.offsets[i]! + byKey.get(key)!.length
    })
    this.docs = new Int32Array(this.offsets[distinct.length]!)
    distinct.forEach((key, i) => this.docs.set(byKey.get(key)!, this.offsets[i]!))
  }

  /** Whether some key contains `part`. */
  has(part: string): boolean {
    return part !== '' && !part.includes('\n') && this.joined.includes(part)
  }

  /** Calls `each` with every document whose key contains `part`. */
  eachDocument(part: string, each: (doc: number) => void): void {
    if (part === '' || part.includes('\n')) return
    let from = 0
    for (;;) {
      const hit = this.joined.indexOf(part, from)
      if (hit < 0) return
      const key = this.keyAt(hit)
      for (let k = this.offsets[key]!; k < this.offsets[key + 1]!; k++) each(this.docs[k]!)
      // the next key: a key's documents are visited once however often the part occurs in it
      from = key + 1 < this.starts.length ? this.starts[key + 1]! : this.joined.length
    }
  }

  private keyAt(offset: number): number {
    let lo = 0
    let hi = this.starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (this.starts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    return lo
  }
}
