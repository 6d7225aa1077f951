import { sql, type SQL } from 'drizzle-orm'
import type { Lang } from '../../../contract/common'
import type { ComponentCode, ComponentSort, PartSpecs } from '../../../contract/configurator'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { StoredComponent } from '../../db/schema/configurator'

/** A `pc_parts` row's compatibility columns, as SQL names them. */
export interface SpecColumns {
  kind: ComponentCode | null
  socket: string | null
  sockets: string[] | null
  tdp: number | null
  integrated_graphics: boolean | null
  boxed_cooler: boolean | null
  chipset: string | null
  form_factor: string | null
  form_factors: string[] | null
  memory_type: string | null
  memory_types: string[] | null
  memory_slots: number | null
  max_memory: number | null
  m2_slots: number | null
  sata_ports: number | null
  modules: number | null
  capacity: number | null
  length: number | null
  slot_width: number | null
  pcie8pin: number | null
  pcie16pin: number | null
  max_gpu_length: number | null
  max_cooler_height: number | null
  psu_form_factors: string[] | null
  cooler_type: string | null
  cooler_height: number | null
  tdp_rating: number | null
  wattage: number | null
  storage_interface: 'm2' | 'sata' | null
}

/** A product as the configurator shows it in the asked city and language, with its compatibility fields. */
export interface PartRow extends SpecColumns, Record<string, unknown> {
  product_id: number
  sku: string
  uri: string
  type: string
  title: string
  brand: string | null
  brand_slug: string | null
  images: string[]
  price: number | null
  old_price: number | null
  stock: number
}

const SPEC_COLUMNS = sql.raw(`x.kind, x.socket, x.sockets, x.tdp, x.integrated_graphics, x.boxed_cooler,
  x.chipset, x.form_factor, x.form_factors, x.memory_type, x.memory_types, x.memory_slots, x.max_memory,
  x.m2_slots, x.sata_ports, x.modules, x.capacity, x.length, x.slot_width, x.pcie8pin, x.pcie16pin,
  x.max_gpu_length, x.max_cooler_height, x.psu_form_factors, x.cooler_type, x.cooler_height,
  x.tdp_rating, x.wattage, x.storage_interface`)

/** The part's specs for the contract: only the fields it carries. */
export function specsOf(r: SpecColumns): PartSpecs {
  const specs: PartSpecs = {
    socket: r.socket ?? undefined,
    sockets: r.sockets ?? undefined,
    tdp: r.tdp ?? undefined,
    integratedGraphics: r.integrated_graphics ?? undefined,
    boxedCooler: r.boxed_cooler ?? undefined,
    chipset: r.chipset ?? undefined,
    formFactor: r.form_factor ?? undefined,
    formFactors: r.form_factors ?? undefined,
    memoryType: r.memory_type ?? undefined,
    memoryTypes: r.memory_types ?? undefined,
    memorySlots: r.memory_slots ?? undefined,
    maxMemory: r.max_memory ?? undefined,
    m2Slots: r.m2_slots ?? undefined,
    sataPorts: r.sata_ports ?? undefined,
    modules: r.modules ?? undefined,
    capacity: r.capacity ?? undefined,
    length: r.length ?? undefined,
    slotWidth: r.slot_width ?? undefined,
    pcie8pin: r.pcie8pin ?? undefined,
    pcie16pin: r.pcie16pin ?? undefined,
    maxGpuLength: r.max_gpu_length ?? undefined,
    maxCoolerHeight: r.max_cooler_height ?? undefined,
    psuFormFactors: r.psu_form_factors ?? undefined,
    coolerType: r.cooler_type ?? undefined,
    coolerHeight: r.cooler_height ?? undefined,
    tdpRating: r.tdp_rating ?? undefined,
    wattage: r.wattage ?? undefined,
    storageInterface: r.storage_interface ?? undefined,
  }
  for (const key of Object.keys(specs) as (keyof PartSpecs)[]) if (specs[key] === undefined) delete specs[key]
  return specs
}

const titleOf = (lang: Lang) => (lang === 'kk' ? sql.raw('p.title_kk') : sql.raw('p.title_ru'))

/** The card's fields of `p` (products) in the city, the stock summed over the city's points. */
const cardColumns = (lang: Lang, cityId: number) => sql`
  p.id as product_id, p.sku, p.uri, p.type, ${titleOf(lang)} as title, b.name as brand, b.slug as brand_slug,
  coalesce((select array_agg(i.id order by i.position) from images i where i.product_id = p.id), '{}') as images,
  pr.price, pr.old_price,
  coalesce((select sum(s.quantity) from stocks s where s.product_id = p.id and s.city_id = ${cityId}), 0)::int as stock`

/** What a slot's list asks, whichever way it is answered (by SQL here, or in memory: parts-index.ts). */
export interface SlotQuery {
  code: ComponentCode
  cityId: number
  lang: Lang
  sort: ComponentSort
  offset: number
  limit: number
  brands: string[]
  priceMin?: number
  priceMax?: number
  inStock: boolean
  /** Words of the title in the asked language. */
  text?: string
  /** The parts that do not fit are listed too, after the ones that do. */
  includeIncompatible?: boolean
}

export interface CandidateQuery extends SlotQuery {
  /** compat-sql.ts's clause over `x`. */
  compatible: SQL
}

const ORDER: Record<ComponentSort, SQL> = {
  popular: sql`p.popularity desc, p.id`,
  price_asc: sql`pr.price, p.id`,
  price_desc: sql`pr.price desc, p.id`,
}

const fitOrder = (q: CandidateQuery) =>
  q.includeIncompatible ? sql`(case when ${q.compatible} then 0 else 1 end), ` : sql``

export interface FacetRow extends Record<string, unknown> {
  brand_slug: string | null
  brand: string | null
  count: number
  matching: number
  min_price: number
  max_price: number
}

export interface ConfigurationRow extends Record<string, unknown> {
  id: string
  share_code: string
  user_id: string | null
  owner_token_hash: string
  name: string | null
  city_id: number
  components: StoredComponent[]
  updated_at: string | Date
}

/** A part's compatibility row as the in-memory parts hold it (`parts-index.ts`). */
export interface SpecRow extends SpecColumns, Record<string, unknown> {
  product_id: number
}

export interface CategoryRow extends Record<string, unknown> {
  slug: string
  path: string
  name_ru: string
  name_kk: string
}

export function createConfiguratorRepo(db: Db) {
  /** Parts of the kind that pass the compatibility clause, in the city (priced there), before the page's own filters. */
  const base = (
    q: Pick<CandidateQuery, 'code' | 'compatible' | 'cityId' | 'inStock' | 'includeIncompatible'>,
  ) => sql`
    from pc_parts x
    join products p on p.id = x.product_id
    join product_prices pr on pr.product_id = x.product_id and pr.city_id = ${q.cityId}
    left join brands b on b.id = p.brand_id
    where x.kind = ${q.code} and p.type in ('regular', 'mto') and (${q.includeIncompatible ? sql`true` : q.compatible})
    ${q.inStock ? sql`and exists (select 1 from stocks s where s.product_id = p.id and s.city_id = ${q.cityId} and s.quantity > 0)` : sql``}`

  const pageFilters = (q: CandidateQuery) => {
    const parts: SQL[] = [sql`true`]
    if (q.brands.length > 0)
      parts.push(
        sql`b.slug in (${sql.join(
          q.brands.map((v) => sql`${v}`),
          sql`, `,
        )})`,
      )
    if (q.priceMin !== undefined) parts.push(sql`pr.price >= ${q.priceMin}`)
    if (q.priceMax !== undefined) parts.push(sql`pr.price <= ${q.priceMax}`)
    if (q.text) parts.push(sql`${titleOf(q.lang)} ilike ${`%${q.text.replace(/[\\%_]/g, '\\$&')}%`}`)
    return sql.join(parts, sql` and `)
  }

  return {
    /** Products by sku in the city, with their `pc_parts` row when they are PC parts. */
    partsBySku(skus: readonly string[], cityId: number, lang: Lang): Promise<PartRow[]> {
      if (skus.length === 0) return Promise.resolve([])
      return rows<PartRow>(
        db,
        sql`select ${cardColumns(lang, cityId)}, ${SPEC_COLUMNS}
            from products p
            left join pc_parts x on x.product_id = p.id
            left join product_prices pr on pr.product_id = p.id and pr.city_id = ${cityId}
            left join brands b on b.id = p.brand_id
            where p.sku in (${sql.join(
              skus.map((s) => sql`${s}`),
              sql`, `,
            )})`,
      )
    },

    /** One page of the compatible parts: the cards are built for the page's rows only. */
    candidates(q: CandidateQuery): Promise<PartRow[]> {
      return rows<PartRow>(
        db,
        sql`with page as (
              select x.product_id ${base(q)} and ${pageFilters(q)}
              order by ${fitOrder(q)}${ORDER[q.sort]} limit ${q.limit} offset ${q.offset})
            select ${cardColumns(q.lang, q.cityId)}, ${SPEC_COLUMNS}
            from page
            join pc_parts x on x.product_id = page.product_id
            join products p on p.id = page.product_id
            join product_prices pr on pr.product_id = p.id and pr.city_id = ${q.cityId}
            left join brands b on b.id = p.brand_id
            order by ${fitOrder(q)}${ORDER[q.sort]}`,
      )
    },

    /** Per brand: the compatible parts (for the brand filter), those matching the page's filters, and prices. */
    facets(q: CandidateQuery): Promise<FacetRow[]> {
      return rows<FacetRow>(
        db,
        sql`select b.slug as brand_slug, b.name as brand, count(*)::int as count,
                   (count(*) filter (where ${pageFilters(q)}))::int as matching,
                   min(pr.price)::int as min_price, max(pr.price)::int as max_price
            ${base(q)}
            group by b.slug, b.name
            order by count(*) desc, b.name`,
      )
    },

    /** The compatible parts' count and the values the catalogue filter URL takes from them. */
    count(q: Pick<CandidateQuery, 'code' | 'compatible' | 'cityId' | 'inStock'>): Promise<number> {
      return rows<{ n: number }>(db, sql`select count(*)::int as n ${base(q)}`).then((r) => r[0]?.n ?? 0)
    },

    /** Every listed part's compatibility row (the products the candidates query reads), by product id. */
    specRows(): Promise<SpecRow[]> {
      return rows<SpecRow>(
        db,
        sql`select x.product_id, ${SPEC_COLUMNS}
            from pc_parts x join products p on p.id = x.product_id
            where p.type in ('regular', 'mto')
            order by x.product_id`,
      )
    },

    /** Brand ids in the order the database sorts their names (the facets' tie order). */
    brandOrder(): Promise<number[]> {
      return rows<{ id: number }>(db, sql`select id from brands order by name, id`).then((r) =>
        r.map((b) => b.id),
      )
    },

    /** Whether the database's `ilike` folds the case of letters beyond ASCII (it follows its ctype). */
    foldsUnicodeCase(): Promise<boolean> {
      return rows<{ folds: boolean }>(db, sql`select ('ПРОЦЕССОР' ilike '%процессор%') as folds`).then(
        (r) => r[0]?.folds === true,
      )
    },

    categories(slugs: readonly string[]): Promise<CategoryRow[]> {
      return rows<CategoryRow>(
        db,
        sql`select slug, path, name_ru, name_kk from categories
            where slug in (${sql.join(
              slugs.map((s) => sql`${s}`),
              sql`, `,
            )})`,
      )
    },

    /** A category's listing filters: the codes and option values its catalogue URL may carry. */
    categoryFilters(slug: string): Promise<{ code: string; type: string; values: string[] | null }[]> {
      return rows<{ code: string; type: string; values: string[] | null }>(
        db,
        sql`select f.code, f.type,
                   (select array_agg(o->>'value') from jsonb_array_elements(f.options) o) as values
            from category_filters f join categories c on c.id = f.category_id
            where c.slug = ${slug}`,
      )
    },

    /** The PC assembly service: the service sold with the CPU category's products, priced in the city. */
    async assemblyService(
      cpuCategorySlug: string,
      cityId: number,
      lang: Lang,
    ): Promise<{ sku: string; title: string; price: number } | null> {
      const [row] = await rows<{ sku: string; title: string; price: number }>(
        db,
        sql`select p.sku, ${titleOf(lang)} as title, pr.price
            from products p
            join product_prices pr on pr.product_id = p.id and pr.city_id = ${cityId}
            where p.type = 'service'
              and p.service_category_id = (select id from categories where slug = ${cpuCategorySlug})
            order by p.id limit 1`,
      )
      return row ?? null
    },

    async insertConfiguration(values: {
      shareCode: string
      userId: string | null
      ownerTokenHash: string
      name: string | null
      cityId: number
      components: StoredComponent[]
    }): Promise<ConfigurationRow> {
      const [row] = await rows<ConfigurationRow>(
        db,
        sql`insert into configurations (share_code, user_id, owner_token_hash, name, city_id, components)
            values (${values.shareCode}, ${values.userId}, ${values.ownerTokenHash}, ${values.name},
                    ${values.cityId}, ${JSON.stringify(values.components)}::jsonb)
            returning *`,
      )
      return row!
    },

    async byId(id: string): Promise<ConfigurationRow | null> {
      const [row] = await rows<ConfigurationRow>(db, sql`select * from configurations where id = ${id}`)
      return row ?? null
    },

    async byShareCode(code: string): Promise<ConfigurationRow | null> {
      const [row] = await rows<ConfigurationRow>(
        db,
        sql`select * from configurations where share_code = ${code}`,
      )
      return row ?? null
    },

    /** Replaces the list (and the name when given); a signed-in owner's account claims a guest's configuration. */
    async update(
      id: string,
      values: { components: StoredComponent[]; cityId: number; name?: string | null; userId: string | null },
    ): Promise<ConfigurationRow> {
      const [row] = await rows<ConfigurationRow>(
        db,
        sql`update configurations
            set components = ${JSON.stringify(values.components)}::jsonb, city_id = ${values.cityId},
                ${values.name === undefined ? sql`` : sql`name = ${values.name},`}
                user_id = coalesce(user_id, ${values.userId}), updated_at = now()
            where id = ${id}
            returning *`,
      )
      return row!
    },
  }
}

export type ConfiguratorRepo = ReturnType<typeof createConfiguratorRepo>
