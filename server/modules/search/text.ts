/**
 * Pure text work of search: splitting a query into words, the other keyboard layout, Latin ↔ Cyrillic
 * transliteration and trigram similarity (for the few synonym terms kept in memory). Everything that
 * reaches SQL comes out of `words()`: letters and digits only, so no tsquery or LIKE metacharacter
 * (`'&|!():*\%_`) can pass.
 */

/** At most this many words of a query are searched; the rest are ignored. */
export const MAX_WORDS = 8
/** Longer words are cut: nothing in the catalogue is longer. */
export const MAX_WORD_LENGTH = 40

/** Lower case letters and digits of a text, split on everything else; ё is е as in the catalogue. */
export function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .map((w) => w.slice(0, MAX_WORD_LENGTH))
}

/** Lower case, words separated by one space: how redirect rules and synonyms are keyed. */
export function searchKey(text: string): string {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .join(' ')
}

/** The letters and digits of a text run together: how model numbers are compared ('RTX 4070' → 'rtx4070'). */
export function compact(text: string): string {
  return words(text).join('')
}

const LATIN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"
const CYRILLIC_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбюё'
const toCyrillic = new Map<string, string>()
const toLatin = new Map<string, string>()
for (let i = 0; i < LATIN_KEYS.length; i++) {
  toCyrillic.set(LATIN_KEYS[i]!, CYRILLIC_KEYS[i]!)
  toLatin.set(CYRILLIC_KEYS[i]!, LATIN_KEYS[i]!)
}

/**
 * A word typed with the other keyboard layout, read as meant: 'ыфьыгтп' → 'samsung',
 * '[jkjlbkmybr' → 'холодильник'. Null when the word mixes layouts or has nothing to swap.
 */
export function swapLayout(word: string): string | null {
  const lower = word.toLowerCase()
  const latin = [...lower].every((ch) => toCyrillic.has(ch) || /\d/.test(ch))
  const cyrillic = [...lower].every((ch) => toLatin.has(ch) || /\d/.test(ch))
  if (latin === cyrillic) return null
  const map = latin ? toCyrillic : toLatin
  const swapped = [...lower].map((ch) => map.get(ch) ?? ch).join('')
  return swapped === lower ? null : swapped
}

const CYR_TO_LAT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ә: 'a',
  ғ: 'g',
  қ: 'k',
  ң: 'n',
  ө: 'o',
  ұ: 'u',
  ү: 'u',
  һ: 'h',
  і: 'i',
}
const LAT_TO_CYR: [string, string][] = [
  ['sch', 'щ'],
  ['zh', 'ж'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['ts', 'ц'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['kh', 'х'],
  ['a', 'а'],
  ['b', 'б'],
  ['c', 'к'],
  ['d', 'д'],
  ['e', 'е'],
  ['f', 'ф'],
  ['g', 'г'],
  ['h', 'х'],
  ['i', 'и'],
  ['j', 'дж'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['q', 'к'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['w', 'в'],
  ['x', 'кс'],
  ['y', 'й'],
  ['z', 'з'],
]

/**
 * The word in the other script, letter by letter: 'самсунг' → 'samsung', 'holodilnik' → 'холодильник'.
 * Null for a word that is not wholly in one script (digits aside).
 */
export function transliterate(word: string): string | null {
  if (/^[\p{Script=Cyrillic}\d]+$/u.test(word) && /\p{Script=Cyrillic}/u.test(word)) {
    return [...word].map((ch) => CYR_TO_LAT[ch] ?? ch).join('')
  }
  if (/^[a-z\d]+$/.test(word) && /[a-z]/.test(word)) {
    let out = ''
    for (let i = 0; i < word.length;) {
      const hit = LAT_TO_CYR.find(([lat]) => word.startsWith(lat, i))
      if (hit) {
        out += hit[1]
        i += hit[0].length
      } else out += word[i++]
    }
    return out
  }
  return null
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `
  const out = new Set<string>()
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3))
  return out
}

/** pg_trgm's similarity of two words (shared trigrams over all trigrams), for in-memory lists. */
export function similarity(a: string, b: string): number {
  const x = trigrams(a)
  const y = trigrams(b)
  let shared = 0
  for (const t of x) if (y.has(t)) shared++
  return shared / (x.size + y.size - shared)
}

/** Whether a word has a digit and a letter, as model numbers do ('s24', 'rtx4070', '55ur78006lk'). */
export function looksLikeModel(word: string): boolean {
  return /\d/.test(word) && /\p{L}/u.test(word)
}
