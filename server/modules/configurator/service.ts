import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { Lang } from '../../../contract/common'
import {
  COMPONENT_CATEGORY_SLUGS as CONFIGURATOR_CATEGORY_SLUGS,
  COMPONENT_CODES,
  ComponentsResponse,
  CONFIGURATOR_ERROR_KEYS,
  MAX_QUANTITY,
  REQUIRED_CODES,
  type CartBatch,
  type ComponentCode,
  type ComponentInfo,
  type ComponentsInfoResponse,
  type Configuration,
  type CreatedConfiguration,
  type GenerateFilterResponse,
} from '../../../contract/configurator'
import type { Db } from '../../db/connection'
import type { StoredComponent } from '../../db/schema/configurator'
import { forbidden, HttpError, notFound, unprocessable } from '../../http/errors'
import { idempotent, type Answer, type IdempotencyRequest } from '../../http/idempotency'
import { compatibleTest } from './compat'
import { compatibleWhere } from './compat-sql'
import { catalogFilters } from './filter-url'
import {
  createConfiguratorRepo,
  specsOf,
  type ConfigurationRow,
  type ConfiguratorRepo,
  type PartRow,
} from './repo'
import type { PartsHolder, PartsIndex } from './parts-index'
import { candidateFindings, checkBuild, firstOf, type Build, type Part } from './rules'

/** Who asks: the signed-in shopper, and the owner token a guest's client sends. */
export interface Actor {
  userId: string | null
  token: string | null
  lang: Lang
}

/** GET components' query, as the contract parses it, and the language asked. */
export interface ComponentsRequest {
  code: ComponentCode
  city_id: number
  components?: string
  page: number
  size: number
  sort: 'popular' | 'price_asc' | 'price_desc'
  brand?: string
  priceMin?: number
  priceMax?: number
  inStock?: boolean
  q?: string
  includeIncompatible?: boolean
  lang: Lang
}

export interface ComponentLine {
  code: ComponentCode
  sku: string
  quantity: number
}

const badInput = (path: string, message: string) =>
  new HttpError(400, 'bad_request', 'errors:pleaseVerifyInputData', { issues: [{ path, message }] })

/** `code:sku` or `code:sku:quantity`, comma separated: what GET components says is chosen. */
export function parseChosen(raw: string | undefined): ComponentLine[] {
  if (raw === undefined || raw.trim() === '') return []
  return raw.split(',').map((item) => {
    const match = /^([a-z]{2,12}):([0-9]{1,20})(?::([0-9]{1,2}))?$/.exec(item.trim())
    const code = match?.[1] as ComponentCode | undefined
    if (!match || !code || !COMPONENT_CODES.includes(code))
      throw badInput(
        'querystring.components',
        `"${item.slice(0, 60)}" is not code:sku[:quantity] of a known kind`,
      )
    const quantity = match[3] === undefined ? 1 : Number(match[3])
    if (quantity < 1) throw badInput('querystring.components', 'a quantity is at least 1')
    return { code, sku: match[2]!, quantity }
  })
}

const sha256 = (s: string) => createHash('sha256').update(s).digest()
const SHARE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
const shareCode = () =>
  Array.from({ length: 10 }, () => SHARE_ALPHABET[randomInt(SHARE_ALPHABET.length)]).join('')

/** The owner: the signed-in shopper it belongs to, or whoever holds its token. */
export function ownsConfiguration(row: Pick<ConfigurationRow, 'user_id' | 'owner_token_hash'>, actor: Actor) {
  if (row.user_id !== null && row.user_id === actor.userId) return true
  if (actor.token === null) return false
  const expected = Buffer.from(row.owner_token_hash, 'hex')
  const given = sha256(actor.token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

interface LoadedBuild {
  build: Part[]
  rows: Map<string, PartRow>
}

/** A part row as a rule's part; its kind is the slot it sits in. */
const partOf = (line: ComponentLine, row: PartRow): Part => ({
  code: line.code,
  sku: line.sku,
  quantity: line.quantity,
  specs: specsOf(row),
})

/** Units of a kind the build may hold: memory and drives further capped by the chosen board. */
function maxQuantity(code: ComponentCode, build: Build): number {
  const board = firstOf(build, 'motherboard')?.specs
  if (code === 'ram' && board?.memorySlots != null) return Math.min(MAX_QUANTITY.ram, board.memorySlots)
  if (code === 'storage' && board?.m2Slots != null && board.sataPorts != null)
    return Math.min(MAX_QUANTITY.storage, board.m2Slots + board.sataPorts)
  return MAX_QUANTITY[code]
}

/**
 * `parts`: the PC parts held in memory beside the catalogue index (`parts-index.ts`); a slot's parts
 * are answered there when it is current, and by the SQL of repo.ts otherwise (or without it).
 */
export function createConfiguratorService(db: Db, parts?: PartsHolder) {
  const repo = createConfiguratorRepo(db)
  let categoryCache: Promise<Map<string, { path: string; name_ru: string; name_kk: string }>> | null = null
  const categories = (reader: ConfiguratorRepo = repo) => {
    categoryCache ??= reader
      .categories(Object.values(CONFIGURATOR_CATEGORY_SLUGS))
      .then((rows) => new Map(rows.map((r) => [r.slug, r])))
      .catch((error: unknown) => {
        categoryCache = null
        throw error
      })
    return categoryCache
  }

  async function infoOf(build: Build, lang: Lang, reader: ConfiguratorRepo = repo): Promise<ComponentInfo[]> {
    const bySlug = await categories(reader)
    const cpu = firstOf(build, 'cpu')
    return COMPONENT_CODES.map((code) => {
      const category = bySlug.get(CONFIGURATOR_CATEGORY_SLUGS[code])
      return {
        code,
        // a CPU without graphics needs a card to show a picture at all
        isRequired:
          REQUIRED_CODES.includes(code) || (code === 'gpu' && cpu?.specs.integratedGraphics === false),
        maxQuantity: maxQuantity(code, build),
        categoryPath: category?.path ?? CONFIGURATOR_CATEGORY_SLUGS[code],
        title: (lang === 'kk' ? category?.name_kk : category?.name_ru) ?? code,
      }
    })
  }

  /**
   * The lines as parts, checked the way a shopper's input is: each sku a product (422 unknownProduct),
   * a part of the slot's kind (422 wrongKind), once (422 duplicate), and no more units of a kind than
   * it takes (422 tooMany with the maximum; memory and drives as the chosen board allows).
   */
  async function loadBuild(
    lines: readonly ComponentLine[],
    cityId: number,
    lang: Lang,
    held: PartsIndex | null = null,
  ): Promise<LoadedBuild> {
    const seen = new Set<string>()
    for (const line of lines) {
      if (seen.has(line.sku)) throw unprocessable(CONFIGURATOR_ERROR_KEYS.duplicate, { sku: line.sku })
      seen.add(line.sku)
    }
    const found =
      held?.partsBySku([...seen], cityId, lang) ?? (await repo.partsBySku([...seen], cityId, lang))
    const rows = new Map(found.map((r) => [r.sku, r]))
    const build: Part[] = []
    for (const line of lines) {
      const row = rows.get(line.sku)
      if (!row) throw unprocessable(CONFIGURATOR_ERROR_KEYS.unknownProduct, { sku: line.sku })
      if (row.kind !== line.code)
        throw unprocessable(CONFIGURATOR_ERROR_KEYS.wrongKind, {
          sku: line.sku,
          code: line.code,
          kind: row.kind,
        })
      build.push(partOf(line, row))
    }
    for (const code of COMPONENT_CODES) {
      const units = build.filter((p) => p.code === code).reduce((n, p) => n + p.quantity, 0)
      const max = maxQuantity(code, build)
      if (units > max) throw unprocessable(CONFIGURATOR_ERROR_KEYS.tooMany, { code, max })
    }
    return { build, rows }
  }

  /** A stored configuration as the contract answers it, checked and priced in the city. */
  async function render(
    row: ConfigurationRow,
    cityId: number,
    lang: Lang,
    isOwner: boolean,
    reader: ConfiguratorRepo = repo,
  ): Promise<Configuration> {
    const stored = row.components
    const found = await reader.partsBySku(
      stored.map((c) => c.sku),
      cityId,
      lang,
    )
    const rows = new Map(found.map((r) => [r.sku, r]))
    // a part the catalogue no longer sells as that kind is left out of the answer, not out of the record
    const kept = stored.filter((c) => rows.get(c.sku)?.kind === c.code)
    const build = kept.map((c) => partOf(c, rows.get(c.sku)!))
    const verdict = checkBuild(build)
    const components = kept.map((c) => {
      const r = rows.get(c.sku)!
      const price = r.price ?? 0
      return {
        code: c.code,
        sku: c.sku,
        quantity: c.quantity,
        title: r.title,
        uri: r.uri,
        brand: r.brand,
        images: r.images,
        price,
        lineTotal: price * c.quantity,
        stock: r.stock,
        isAvailable: r.price !== null && r.stock >= c.quantity,
        specs: specsOf(r),
      }
    })
    const componentsInfo = await infoOf(build, lang, reader)
    const missingComponents = componentsInfo
      .filter((i) => i.isRequired && !build.some((p) => p.code === i.code))
      .map((i) => i.code)
    const isComplete =
      missingComponents.length === 0 &&
      verdict.incompatibleComponents.length === 0 &&
      components.length > 0 &&
      components.every((c) => c.isAvailable)
    const assemblyService = await reader.assemblyService(CONFIGURATOR_CATEGORY_SLUGS.cpu, cityId, lang)
    const cpu = firstOf(build, 'cpu')
    const cartBatch: CartBatch | null = isComplete
      ? {
          city_id: cityId,
          assembly_pc: true,
          products: [
            ...components.map((c) => ({ sku: c.sku, quantity: c.quantity })),
            ...(assemblyService && cpu
              ? [{ sku: assemblyService.sku, quantity: 1, reference_product_sku: cpu.sku }]
              : []),
          ],
        }
      : null
    return {
      id: row.id,
      shareCode: row.share_code,
      name: row.name,
      cityId,
      components,
      incompatibleComponents: verdict.incompatibleComponents,
      messages: verdict.messages,
      componentsInfo,
      missingComponents,
      totalPrice: components.reduce((n, c) => n + c.lineTotal, 0),
      estimatedWattage: verdict.estimatedWattage,
      recommendedWattage: verdict.recommendedWattage,
      isComplete,
      isOwner,
      assemblyService,
      cartBatch,
      updatedAt: new Date(row.updated_at).toISOString(),
    }
  }

  async function owned(id: string, actor: Actor): Promise<ConfigurationRow> {
    const row = await repo.byId(id)
    if (!row) throw notFound(CONFIGURATOR_ERROR_KEYS.notFound)
    if (!ownsConfiguration(row, actor)) throw forbidden(CONFIGURATOR_ERROR_KEYS.notOwner)
    return row
  }

  const stored = (build: Build): StoredComponent[] =>
    build.map((p) => ({ code: p.code, sku: p.sku, quantity: p.quantity }))

  /** A new configuration for the actor, under the request's idempotency key (a replay answers the same one). */
  async function createFor(
    idem: IdempotencyRequest,
    actor: Actor,
    values: { cityId: number; name: string | null; components: StoredComponent[] },
  ): Promise<Answer<CreatedConfiguration> & { replayed: boolean }> {
    return idempotent(db, idem, async (tx) => {
      const token = randomBytes(24).toString('base64url')
      // inside the key's transaction every read goes through it: PGlite has one connection
      const inTx = createConfiguratorRepo(tx)
      const row = await inTx.insertConfiguration({
        shareCode: shareCode(),
        userId: actor.userId,
        ownerTokenHash: sha256(token).toString('hex'),
        name: values.name,
        cityId: values.cityId,
        components: values.components,
      })
      return {
        status: 201,
        body: { ...(await render(row, values.cityId, actor.lang, true, inTx)), ownerToken: token },
      }
    })
  }

  /** A slot's parts that fit the chosen ones: from `held` (the parts in memory) when given, else by SQL. */
  async function components(
    q: ComponentsRequest,
    held: PartsIndex | null = null,
  ): Promise<ComponentsResponse> {
    const chosen = parseChosen(q.components)
    const { build } = await loadBuild(chosen, q.city_id, q.lang, held)
    const query = {
      code: q.code,
      includeIncompatible: q.includeIncompatible ?? false,
      text: q.q,
      cityId: q.city_id,
      lang: q.lang,
      sort: q.sort,
      offset: (q.page - 1) * q.size,
      limit: q.size,
      brands: (q.brand ?? '').split(',').filter((b) => b !== ''),
      priceMin: q.priceMin,
      priceMax: q.priceMax,
      inStock: q.inStock ?? false,
    }
    const { page, facets } = held
      ? held.answer({ ...query, fits: compatibleTest(q.code, build) })
      : await (async () => {
          const sqlQuery = { ...query, compatible: compatibleWhere(q.code, build) }
          const [page, facets] = await Promise.all([repo.candidates(sqlQuery), repo.facets(sqlQuery)])
          return { page, facets }
        })()
    const items = page.map((row) => {
      const candidate: Part = { code: q.code, sku: row.sku, quantity: 1, specs: specsOf(row) }
      const findings = candidateFindings(build, candidate)
      return {
        sku: row.sku,
        code: q.code,
        title: row.title,
        uri: row.uri,
        brand: row.brand,
        images: row.images,
        price: row.price ?? 0,
        old_price: row.old_price,
        stock: row.stock,
        isAvailable: row.stock > 0,
        specs: candidate.specs,
        warnings: findings.filter((m) => m.severity !== 'error'),
        errors: findings.filter((m) => m.severity === 'error'),
      }
    })
    return {
      code: q.code,
      page: q.page,
      size: q.size,
      total: facets.reduce((n, f) => n + f.matching, 0),
      items,
      brands: facets
        .filter((f) => f.brand_slug !== null)
        .map((f) => ({ code: f.brand_slug!, title: f.brand ?? f.brand_slug!, count: f.count })),
      priceRange: {
        min: facets.length === 0 ? 0 : Math.min(...facets.map((f) => f.min_price)),
        max: facets.length === 0 ? 0 : Math.max(...facets.map((f) => f.max_price)),
      },
    }
  }

  return {
    /** A slot's parts that fit the chosen ones, from memory when the parts there are current. */
    components: async (q: ComponentsRequest) => components(q, (await parts?.current()) ?? null),

    async componentsInfo(page: number, size: number, lang: Lang): Promise<ComponentsInfoResponse> {
      const all = await infoOf([], lang)
      return { page, size, total: all.length, items: all.slice((page - 1) * size, page * size) }
    },

    /**
     * The components answer rendered as Fastify would (the contract's encoding, then JSON), kept per
     * catalogue index and its price and stock states when the parts in memory answer it.
     */
    async componentsJson(q: ComponentsRequest): Promise<Buffer> {
      const held = (await parts?.current()) ?? null
      const render = async () =>
        Buffer.from(JSON.stringify(z.encode(ComponentsResponse, await components(q, held))))
      if (!held) return render()
      const key = JSON.stringify([
        q.lang,
        q.code,
        q.city_id,
        q.components ?? null,
        q.page,
        q.size,
        q.sort,
        q.brand ?? null,
        q.priceMin ?? null,
        q.priceMax ?? null,
        q.inStock ?? false,
        q.q ?? null,
        q.includeIncompatible ?? false,
      ])
      const answers = held.answers()
      let answer = answers.get(key)
      if (answer === undefined) {
        answer = await render()
        answers.set(key, answer)
      }
      return answer
    },

    async generateFilter(req: {
      code: ComponentCode
      components: ComponentLine[]
      city_id: number
      lang: Lang
    }): Promise<GenerateFilterResponse> {
      const held = (await parts?.current()) ?? null
      const { build } = await loadBuild(req.components, req.city_id, req.lang, held)
      const slug = CONFIGURATOR_CATEGORY_SLUGS[req.code]
      const [category, filters, total] = await Promise.all([
        categories().then((m) => m.get(slug)),
        repo.categoryFilters(slug),
        held
          ? held.count(req.code, compatibleTest(req.code, build), req.city_id)
          : repo.count({
              code: req.code,
              compatible: compatibleWhere(req.code, build),
              cityId: req.city_id,
              inStock: false,
            }),
      ])
      const path = category?.path ?? slug
      const url = catalogFilters(req.code, build, filters)
      return {
        code: req.code,
        url: url.filters.length === 0 ? `/catalog/${path}` : `/catalog/${path}/f/${url.pairs}`,
        categoryPath: path,
        filters: url.filters,
        total,
        exact: url.exact,
      }
    },

    async create(
      idem: IdempotencyRequest,
      actor: Actor,
      body: { city_id: number; name?: string; components: ComponentLine[] },
    ) {
      const { build } = await loadBuild(body.components, body.city_id, actor.lang)
      return createFor(idem, actor, {
        cityId: body.city_id,
        name: body.name ?? null,
        components: stored(build),
      })
    },

    async get(id: string, cityId: number, actor: Actor): Promise<Configuration> {
      return render(await owned(id, actor), cityId, actor.lang, true)
    },

    async replace(
      id: string,
      actor: Actor,
      body: { city_id: number; name?: string | null; ownerToken?: string; components: ComponentLine[] },
    ): Promise<Configuration> {
      await owned(id, { ...actor, token: actor.token ?? body.ownerToken ?? null })
      const { build } = await loadBuild(body.components, body.city_id, actor.lang)
      const row = await repo.update(id, {
        components: stored(build),
        cityId: body.city_id,
        name: body.name,
        userId: actor.userId,
      })
      return render(row, body.city_id, actor.lang, true)
    },

    async reset(id: string, cityId: number, actor: Actor): Promise<Configuration> {
      await owned(id, actor)
      const row = await repo.update(id, { components: [], cityId, userId: actor.userId })
      return render(row, cityId, actor.lang, true)
    },

    async shared(code: string, cityId: number, actor: Actor): Promise<Configuration> {
      const row = await repo.byShareCode(code)
      if (!row) throw notFound(CONFIGURATOR_ERROR_KEYS.notFound)
      return render(row, cityId, actor.lang, ownsConfiguration(row, actor))
    },

    async copy(idem: IdempotencyRequest, code: string, cityId: number, actor: Actor) {
      const row = await repo.byShareCode(code)
      if (!row) throw notFound(CONFIGURATOR_ERROR_KEYS.notFound)
      return createFor(idem, actor, { cityId, name: row.name, components: row.components })
    },
  }
}

export type ConfiguratorService = ReturnType<typeof createConfiguratorService>
