import { sql } from 'drizzle-orm'
import type { Db } from '../db/connection'
import { rows } from '../db/rows'
import { insertRows } from './insert-rows'
import { Random } from './random'

type Executor = Pick<Db, 'execute'>

/** The seed's reviewers are accounts of their own: phones 7000XXXXXXX, which no operator issues. */
const REVIEWER_TDID_PREFIX = 'seed-reviewer-'
/** Reviews per database statement batch: the generator's memory stays flat at a million. */
const CHUNK = 20_000

export interface ReviewSeedOptions {
  products: number
  reviews: number
  seed?: number
  log?: (msg: string) => void
}

/** As many reviews as products by default: small enough for `npm start` and the tests. */
export const defaultReviewCount = (products: number) => products

const FIRST_NAMES = [
  'Айгерим',
  'Ерлан',
  'Данияр',
  'Алия',
  'Сергей',
  'Анна',
  'Нурлан',
  'Жанар',
  'Дмитрий',
  'Асель',
  'Тимур',
  'Мадина',
  'Ольга',
  'Бауыржан',
  'Екатерина',
  'Арман',
]
const LAST_INITIALS = 'АБДЕЖИКМНОПСТШ'

const RU = {
  good: [
    'Пользуюсь уже месяц, всё работает отлично. Доставили быстро, упаковка целая.',
    'Отличное соотношение цены и качества. Брал по акции, не пожалел.',
    'Покупкой довольна, рекомендую. Собрано качественно, ничего не скрипит.',
    'Работает тихо, настройка заняла пять минут. Инструкция на русском.',
    'Уже второй такой беру, первый прослужил несколько лет без нареканий.',
  ],
  mixed: [
    'В целом неплохо, но за эти деньги ожидал большего.',
    'Нормальный вариант на каждый день, без восторга. Есть мелкие недочёты.',
    'Свои задачи выполняет, но инструкция написана непонятно.',
  ],
  bad: [
    'Через две недели начались проблемы, пришлось сдавать по гарантии.',
    'Не советую: шумит и сильно греется. Ожидал другого.',
    'Пришёл с царапиной на корпусе, обменяли только через неделю.',
  ],
  pros: [
    'Цена',
    'Качество сборки',
    'Быстрая доставка',
    'Тихая работа',
    'Дизайн',
    'Экран',
    'Автономность',
    'Простая настройка',
  ],
  cons: ['Нет', 'Маркий корпус', 'Короткий кабель', 'Шумит', 'Тяжёлый', 'Мало памяти', 'Греется'],
}

const KK = {
  good: [
    'Бір айдан бері қолданамын, бәрі керемет жұмыс істейді. Тез жеткізді.',
    'Бағасы мен сапасы сай келеді. Акциямен алдым, өкінбеймін.',
    'Сатып алғаныма ризамын, ұсынамын. Сапалы жасалған.',
  ],
  mixed: [
    'Жалпы жаман емес, бірақ бұл бағаға көбірек күттім.',
    'Күнделікті қолдануға жарайды, кейбір кемшіліктері бар.',
  ],
  bad: ['Екі аптадан кейін ақау шықты, кепілдік бойынша тапсырдым.', 'Ұсынбаймын: шулы және қатты қызады.'],
  pros: ['Бағасы', 'Сапасы', 'Тез жеткізу', 'Дизайны', 'Экраны', 'Оңай баптау'],
  cons: ['Жоқ', 'Кабелі қысқа', 'Шулы', 'Ауыр', 'Қызады'],
}

/** Mostly fours and fives, as a real store's reviews are. */
const RATING_WEIGHTS = [0.06, 0.05, 0.1, 0.27, 0.52]

function rating(r: Random): number {
  let x = r.next()
  for (let i = 0; i < RATING_WEIGHTS.length; i++) {
    x -= RATING_WEIGHTS[i]!
    if (x < 0) return i + 1
  }
  return 5
}

/** Whether the seed's reviews are there; a catalogue seeded before reviews existed gets them once. */
export async function hasSeededReviews(db: Db): Promise<boolean> {
  const [row] = await rows<{ yes: boolean }>(
    db,
    sql`select exists (select 1 from users where tdid like ${`${REVIEWER_TDID_PREFIX}%`}) as yes`,
  )
  return row?.yes === true
}

/**
 * Writes reviews in Russian (four in five) and Kazakh with ratings, pros and cons, reactions from other
 * reviewers, and a photo from the product's own pictures on some; most are approved, some still wait or
 * were rejected. Popular products get more. The counts the triggers keep are computed once at the end
 * (the triggers are off meanwhile: a million row triggers would cost minutes), and the products' rating
 * and review count come from them.
 */
export async function writeReviews(db: Executor, options: ReviewSeedOptions): Promise<void> {
  const { products, reviews } = options
  if (reviews <= 0 || products <= 0) return
  const r = new Random(((options.seed ?? 1) * 7919 + 23) >>> 0)
  const reviewers = Math.min(200_000, Math.max(300, Math.ceil(reviews / 5)))
  await db.execute(sql`
    insert into users (phone, kind, tdid, firstname, lastname)
    select '7000' || lpad(g::text, 7, '0'), 'fast', ${REVIEWER_TDID_PREFIX} || g,
           (${`{${FIRST_NAMES.join(',')}}`}::text[])[1 + g % ${FIRST_NAMES.length}],
           substr(${LAST_INITIALS}, 1 + g % ${LAST_INITIALS.length}, 1)
    from generate_series(1, ${reviewers}) g
    on conflict do nothing`)
  const users = await rows<{ id: string; name: string }>(
    db as Db,
    sql`select id, firstname || ' ' || lastname || '.' as name from users
        where tdid like ${`${REVIEWER_TDID_PREFIX}%`} order by phone`,
  )
  await db.execute(sql`alter table reviews disable trigger reviews_product_stats`)
  await db.execute(sql`alter table review_reactions disable trigger review_reactions_count`)

  // Reviews per product: a product's share falls with its id's hash rank, so a few have many.
  const weights = Array.from({ length: products }, () => Math.pow(r.next(), 3))
  const total = weights.reduce((a, b) => a + b, 0)
  const now = Date.UTC(2026, 10, 1)
  let written = 0
  let reviewRows: object[] = []
  let mediaRows: object[] = []
  let reactionRows: object[] = []
  const [last] = await rows<{ id: number }>(
    db as Db,
    sql`select coalesce(max(id), 0)::int as id from reviews`,
  )
  let nextId = (last?.id ?? 0) + 1
  const flush = async () => {
    await insertRows(db, 'reviews', reviewRows)
    await insertRows(db, 'review_media', mediaRows)
    await insertRows(db, 'review_reactions', reactionRows)
    reviewRows = []
    mediaRows = []
    reactionRows = []
  }
  for (let p = 1; p <= products && written < reviews; p++) {
    const share = p === products ? reviews - written : Math.round((weights[p - 1]! / total) * reviews)
    const count = Math.min(share, users.length - 1, reviews - written)
    const start = r.int(0, users.length - 1)
    for (let k = 0; k < count; k++) {
      const user = users[(start + k) % users.length]!
      const stars = rating(r)
      const lang = r.chance(0.2) ? 'kk' : 'ru'
      const words = lang === 'kk' ? KK : RU
      const text = r.pick(stars >= 4 ? words.good : stars === 3 ? words.mixed : words.bad)
      const status = r.chance(0.94) ? 'APPROVED' : r.pick(['NEW', 'NEED_APPROVE', 'REJECTED'])
      const id = nextId++
      const withPhoto = r.chance(0.08)
      let likes = 0
      let dislikes = 0
      if (status === 'APPROVED' && r.chance(0.3)) {
        const n = r.int(1, 6)
        for (let j = 1; j <= n; j++) {
          const type = r.chance(stars >= 3 ? 0.8 : 0.4) ? 'LIKE' : 'DISLIKE'
          if (type === 'LIKE') likes++
          else dislikes++
          reactionRows.push({ review_id: id, user_id: users[(start + count + j) % users.length]!.id, type })
        }
      }
      if (withPhoto) mediaRows.push({ review_id: id, media_id: `p${p}-0`, kind: 'image', position: 0 })
      const created = new Date(now - r.int(0, 730 * 86_400) * 1000).toISOString()
      reviewRows.push({
        id,
        product_id: p,
        user_id: user.id,
        author_name: user.name,
        rating: stars,
        text,
        pros: r.pick(words.pros),
        cons: r.pick(words.cons),
        lang,
        status,
        moderation_note: status === 'REJECTED' ? 'Отзыв не о товаре' : null,
        verified_purchase: r.chance(0.35),
        has_media: withPhoto,
        likes,
        dislikes,
        created_at: created,
        updated_at: created,
        moderated_at: status === 'APPROVED' || status === 'REJECTED' ? created : null,
      })
      written++
    }
    if (reviewRows.length >= CHUNK) {
      await flush()
      options.log?.(`seed: ${written}/${reviews} reviews`)
    }
  }
  await flush()
  await db.execute(
    sql`select setval(pg_get_serial_sequence('reviews', 'id'), greatest(1, (select max(id) from reviews)))`,
  )
  await db.execute(sql`alter table reviews enable trigger reviews_product_stats`)
  await db.execute(sql`alter table review_reactions enable trigger review_reactions_count`)
  await db.execute(sql`
    insert into review_product_stats (product_id, count, rating_sum, stars_one, stars_two, stars_three,
                                      stars_four, stars_five, with_media, synced)
    select product_id, count(*), sum(rating), count(*) filter (where rating = 1), count(*) filter (where rating = 2),
           count(*) filter (where rating = 3), count(*) filter (where rating = 4), count(*) filter (where rating = 5),
           count(*) filter (where has_media), true
    from reviews where status = 'APPROVED' group by product_id
    on conflict (product_id) do nothing`)
  // The catalogue's ratings were the generator's guesses; now they are the reviews'.
  await db.execute(sql`
    update products p set rating = coalesce(round(s.rating_sum::numeric / nullif(s.count, 0), 1), 0),
                          review_count = coalesce(s.count, 0)
    from products q left join review_product_stats s on s.product_id = q.id
    where p.id = q.id and (p.review_count <> coalesce(s.count, 0)
                           or p.rating <> coalesce(round(s.rating_sum::numeric / nullif(s.count, 0), 1), 0))`)
  options.log?.(`seed: ${written} reviews written`)
}
