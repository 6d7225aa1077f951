/**
 * Runs after `vite build` (issue 3): the gzipped JavaScript a product page and a category page load must
 * stay under the budget, or the build fails. From dist/.vite/manifest.json it takes, for each page, the
 * entry, the route chunks the router loads for that address (the `{-$city}` layout and the page's own
 * component) and the default language's message catalogue, each with every chunk it imports statically.
 * Chunks loaded later on demand (a tab, the carousels below the fold) are not counted.
 *
 *   npx tsx scripts/check-js-budget.ts [dir] [--files]   (--files lists every file of each page)
 *   JS_BUDGET_KB=180 npm run build                          (another limit for this run only)
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'

const gz = promisify(gzip)

/** The target for the JavaScript of a product page, in gzipped bytes (React 19 and react-dom included). */
export const JS_BUDGET_BYTES = 175 * 1024

/**
 * `JS_BUDGET_KB` moves the limit for one run (a local build while the budget is being worked on); the
 * build itself always checks the target.
 */
export function budgetBytes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.JS_BUDGET_KB
  if (raw === undefined || raw === '') return JS_BUDGET_BYTES
  const kb = Number(raw)
  if (!Number.isFinite(kb) || kb <= 0)
    throw new Error(`JS_BUDGET_KB must be a positive number of KB, not ${raw}`)
  return kb * 1024
}

/** One chunk of Vite's build manifest (only the fields the budget needs). */
export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
}
export type Manifest = Record<string, ManifestChunk>

export interface PageSpec {
  name: string
  /** Manifest keys (source ids) the page loads besides the entry, e.g. its route's component split. */
  sources: readonly string[]
}

// The first script (src/boot.ts) is the entry; the app it imports is loaded by every page.
const APP = 'src/main.tsx'
const LAYOUT = 'src/routes/{-$city}/route.tsx?tsr-split=component'
const DEFAULT_MESSAGES = 'src/locales/ru/messages.po'

export const PAGES: readonly PageSpec[] = [
  {
    name: 'product page',
    sources: [APP, LAYOUT, 'src/routes/{-$city}/p/$uri.tsx?tsr-split=component', DEFAULT_MESSAGES],
  },
  {
    name: 'category page',
    sources: [APP, LAYOUT, 'src/routes/{-$city}/catalog/$.tsx?tsr-split=component', DEFAULT_MESSAGES],
  },
]

/**
 * The JavaScript files a page loads before it shows: the entries and the page's sources with their static
 * imports, each file once. A source missing from the manifest is an error, so renaming a route cannot
 * quietly shrink what is measured.
 */
export function pageFiles(manifest: Manifest, page: PageSpec): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  if (entries.length === 0) throw new Error('the build manifest has no entry chunk')
  for (const source of page.sources) {
    if (!manifest[source]) throw new Error(`${page.name}: ${source} is not in the build manifest`)
  }
  const seen = new Set<string>()
  const files: string[] = []
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the build manifest names ${key} as an import but has no such chunk`)
    if (chunk.file.endsWith('.js')) files.push(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of [...entries, ...page.sources]) visit(key)
  return files
}

export interface PageWeight {
  name: string
  files: { file: string; gzipBytes: number }[]
  gzipBytes: number
}

export async function weighPages(dir: string, pages: readonly PageSpec[] = PAGES): Promise<PageWeight[]> {
  const manifest = JSON.parse(await readFile(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest
  const sizes = new Map<string, Promise<number>>()
  // Level 9, as scripts/compress-dist.ts writes the .gz files the server sends.
  const gzipSize = (file: string) =>
    readFile(path.join(dir, file)).then(async (source) => (await gz(source, { level: 9 })).length)
  return Promise.all(
    pages.map(async (page) => {
      const files = await Promise.all(
        pageFiles(manifest, page).map(async (file) => {
          if (!sizes.has(file)) sizes.set(file, gzipSize(file))
          return { file, gzipBytes: await (sizes.get(file) as Promise<number>) }
        }),
      )
      return { name: page.name, files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) }
    }),
  )
}

/** The npm packages a page's files were built from, read from their source maps. */
export async function bundledPackages(dir: string, files: readonly string[]): Promise<Set<string>> {
  const packages = new Set<string>()
  for (const file of files) {
    let map: { sources?: string[] }
    try {
      map = JSON.parse(await readFile(path.join(dir, `${file}.map`), 'utf8')) as { sources?: string[] }
    } catch {
      continue
    }
    for (const source of map.sources ?? []) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)
      if (match?.[1]) packages.add(match[1])
    }
  }
  return packages
}

/**
 * The store runs on React 19: a page whose code holds preact (an alias left behind) or lacks react-dom
 * is a build that would hydrate with another runtime than the server rendered with.
 */
export function runtimeProblems(pageName: string, packages: ReadonlySet<string>): string[] {
  const problems: string[] = []
  for (const name of packages) {
    if (name === 'preact' || name.startsWith('preact-')) problems.push(`${pageName} bundles ${name}`)
  }
  if (!packages.has('react-dom')) problems.push(`${pageName} does not bundle react-dom`)
  if (!packages.has('react')) problems.push(`${pageName} does not bundle react`)
  return problems
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const dir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? 'dist')
  const verbose = args.includes('--files')
  const budget = budgetBytes()
  let over = false
  for (const page of await weighPages(dir)) {
    const problems = runtimeProblems(
      page.name,
      await bundledPackages(
        dir,
        page.files.map((f) => f.file),
      ),
    )
    for (const problem of problems) console.error(`Wrong runtime: ${problem}`)
    if (problems.length > 0) process.exitCode = 1
    const fits = page.gzipBytes <= budget
    over ||= !fits
    console.log(
      `${page.name}: ${kb(page.gzipBytes)} of JS gzipped in ${page.files.length} files (budget ${kb(budget)})${fits ? '' : ' OVER BUDGET'}`,
    )
    if (verbose || !fits) {
      for (const f of page.files.toSorted((a, b) => b.gzipBytes - a.gzipBytes)) {
        console.log(`  ${kb(f.gzipBytes).padStart(9)}  ${f.file}`)
      }
    }
  }
  if (over) {
    console.error(
      'The JavaScript budget is exceeded: see the files above. (JS_BUDGET_KB=<kb> sets another limit for one run.)',
    )
    process.exitCode = 1
  }
}
