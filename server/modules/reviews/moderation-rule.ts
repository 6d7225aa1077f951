/**
 * The rule that holds a review for a moderator's closer look (status NEED_APPROVE instead of NEW): a
 * link (spam and phishing come as links) or a banned word (abuse). Neither is public until approved.
 */

// A scheme, a `www.`, or a domain name with a common top-level domain, in Latin or Cyrillic (`сайт.рф`).
const LINK =
  /(https?:\/\/|www\.|[\p{L}\d-]+\.(com|net|org|ru|kz|рф|қаз|info|biz|io|me|shop|store|site|online|xyz|top|link|click)(?![\p{L}\d])|t\.me\/|wa\.me\/)/iu

/**
 * Stems of abusive and scam words in Russian and Kazakh, matched at the start of a word so their
 * endings count too. A short list by design: the moderator reads everything anyway, the rule only
 * orders the queue.
 */
const BANNED_STEMS = [
  'бля',
  'хуй',
  'хуе',
  'пизд',
  'ебан',
  'ебат',
  'сука',
  'мудак',
  'долбо',
  'говн',
  'казино',
  'ставки на спорт',
  'заработок без вложений',
  'ақымақ',
  'сасық',
]

const BANNED = new RegExp(`(^|[^\\p{L}])(${BANNED_STEMS.join('|')})`, 'iu')

export type HoldReason = 'link' | 'banned_word'

/** Why the rule holds this text, or null when it may simply wait for a moderator. */
export function holdReason(...texts: string[]): HoldReason | null {
  const all = texts.join('\n')
  if (LINK.test(all)) return 'link'
  if (BANNED.test(all)) return 'banned_word'
  return null
}
