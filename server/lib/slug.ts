/** The store's Latin spelling of Russian and Kazakh, for addresses: the seed's and the imports' products. */
const LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
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
  ц: 'c',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Kazakh letters, so a Kazakh title still gives a readable slug
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

/** Russian (and Kazakh) to Latin the way the store's URLs spell it: 'Холодильники' → 'holodilniki'. */
export function transliterate(text: string): string {
  return text.toLowerCase().replace(/[а-яёәғқңөұүһі]/g, (ch) => LATIN[ch] ?? ch)
}

export function slugify(text: string): string {
  return transliterate(text)
    .replace(/\+/g, '-plus')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
