/**
 * The browser code's import graph, measured against the layers the README describes: imports that go
 * up a layer, imports of another feature's insides, and circles. `npx tsx scripts/import-graph.ts`
 * prints the figures (`--list` also prints each import counted); ESLint is what enforces the layers.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const root = resolve(import.meta.dirname, '..')
const list = process.argv.includes('--list')

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return walk(path)
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

const files = [...walk(join(root, 'src')), ...walk(join(root, 'contract'))]
const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  allowImportingTsExtensions: true,
}

/** Layer of a file (README, "Layers of the browser code"); a higher rank may import a lower one. */
function place(file: string): { layer: string; rank: number; feature?: string } {
  const path = relative(root, file)
  const feature = /^src\/features\/([^/]+)\//.exec(path)?.[1]
  if (/^src\/(main|boot|entry-server)\.tsx?$/.test(path) || path.startsWith('src/sw/'))
    return { layer: 'entry', rank: 7 }
  if (path.startsWith('src/testing/')) return { layer: 'testing', rank: 7 }
  if (path.startsWith('src/app/')) return { layer: 'app', rank: 6 }
  if (path.startsWith('src/routes/') || path === 'src/routeTree.gen.ts') return { layer: 'routes', rank: 5 }
  if (feature) return { layer: `features`, rank: 4, feature }
  if (/^src\/(cart|listing|page|pwa|session)\//.test(path)) return { layer: 'shared client parts', rank: 3 }
  if (/^src\/(data|ui|atoms|i18n|locales|url|head)\//.test(path))
    return { layer: path.split('/')[1]!, rank: 1 }
  if (path.startsWith('contract/')) return { layer: 'contract', rank: 0 }
  return { layer: 'other', rank: 9 }
}

const isTest = (file: string) => /\.test\.tsx?$|\/testing\/|test-setup|fixtures\.ts$/.test(file)

const edges = new Map<string, Set<string>>()
for (const file of files) {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  const targets = new Set<string>()
  for (const { fileName } of info.importedFiles) {
    if (!fileName.startsWith('.')) continue
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName
    const target = resolved ?? join(dirname(file), fileName)
    if (resolved || existsSync(target)) targets.add(resolve(target))
  }
  edges.set(file, targets)
}

const rows: Record<string, string[]> = {
  upward: [],
  'same base layer both ways': [],
  'feature insides': [],
  app: [],
}
const count = (key: string, text: string) => rows[key]!.push(text)
for (const [from, targets] of edges) {
  if (isTest(from)) continue
  const a = place(from)
  for (const to of targets) {
    if (!to.match(/\.(ts|tsx)$/)) continue
    const b = place(to)
    const text = `${relative(root, from)} → ${relative(root, to)}`
    if (b.layer === 'app' && a.layer !== 'app' && a.layer !== 'entry' && a.layer !== 'routes')
      count('app', text)
    // the routes may use the composition root's route-level parts (locale layout, error screens)
    if (b.rank > a.rank && !(a.layer === 'routes' && b.layer === 'app')) count('upward', text)
    if (a.feature && b.feature && a.feature !== b.feature && !/\/features\/[^/]+\/index\.tsx?$/.test(to))
      count('feature insides', text)
  }
}
// data ↔ atoms style: two base folders that import each other
const between = new Map<string, number>()
for (const [from, targets] of edges) {
  if (isTest(from)) continue
  const a = place(from)
  for (const to of targets) {
    const b = place(to)
    if (a.rank === b.rank && a.rank === 1 && a.layer !== b.layer) {
      const key = `${a.layer} → ${b.layer}`
      between.set(key, (between.get(key) ?? 0) + 1)
    }
  }
}
for (const key of between.keys()) {
  const [x, y] = key.split(' → ')
  if (between.has(`${y} → ${x}`)) count('same base layer both ways', `${key} (${between.get(key)})`)
}

// circles: strongly connected components (Tarjan) of the non-test graph
let index = 0
const stack: string[] = []
const state = new Map<string, { index: number; low: number; on: boolean }>()
const circles: string[][] = []
function strong(v: string) {
  state.set(v, { index, low: index, on: true })
  index++
  stack.push(v)
  for (const w of edges.get(v) ?? []) {
    if (!edges.has(w) || isTest(w)) continue
    if (!state.has(w)) {
      strong(w)
      state.get(v)!.low = Math.min(state.get(v)!.low, state.get(w)!.low)
    } else if (state.get(w)!.on) state.get(v)!.low = Math.min(state.get(v)!.low, state.get(w)!.index)
  }
  if (state.get(v)!.low === state.get(v)!.index) {
    const group: string[] = []
    let w: string
    do {
      w = stack.pop()!
      state.get(w)!.on = false
      group.push(relative(root, w))
    } while (w !== v)
    if (group.length > 1) circles.push(group)
  }
}
for (const file of edges.keys()) if (!isTest(file) && !state.has(file)) strong(file)

// circles between folders: each feature is one, every other folder of src/ is one
function folder(file: string): string {
  const parts = relative(root, file).split('/')
  return parts[1] === 'features' ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/')
}
const folders = new Map<string, Set<string>>()
for (const [from, targets] of edges) {
  if (isTest(from)) continue
  for (const to of targets) {
    if (isTest(to) || folder(from) === folder(to) || !/\.(ts|tsx)$/.test(to)) continue
    if (!folders.has(folder(from))) folders.set(folder(from), new Set())
    folders.get(folder(from))!.add(folder(to))
  }
}
const folderCircles: string[] = []
for (const [a, targets] of folders)
  for (const b of targets) if (a < b && folders.get(b)?.has(a)) folderCircles.push(`${a} ⇄ ${b}`)
// longer folder circles: reachability both ways
const reach = (from: string) => {
  const seen = new Set<string>([from])
  const unvisited = [from]
  while (unvisited.length)
    for (const next of folders.get(unvisited.pop()!) ?? []) {
      if (seen.has(next)) continue
      seen.add(next)
      unvisited.push(next)
    }
  return seen
}
const inCircle = [...folders.keys()].filter((a) => [...(folders.get(a) ?? [])].some((b) => reach(b).has(a)))

// feature → feature edges (any file), as pairs
const pairs = new Set<string>()
for (const [from, targets] of edges) {
  const a = place(from)
  for (const to of targets) {
    const b = place(to)
    if (a.feature && b.feature && a.feature !== b.feature) pairs.add(`${a.feature} → ${b.feature}`)
  }
}
// tests importing fixtures that live in another folder's testing/ or fixtures file
const borrowed: string[] = []
for (const [from, targets] of edges) {
  if (!/\.test\.tsx?$/.test(from)) continue
  for (const to of targets) {
    if (!/\/testing\/|fixtures\.ts$/.test(to)) continue
    const owner = (p: string) => folder(p)
    if (!relative(root, to).startsWith('src/testing/') && owner(from) !== owner(to))
      borrowed.push(`${relative(root, from)} → ${relative(root, to)}`)
  }
}

console.log(`files: ${edges.size}, imports: ${[...edges.values()].reduce((n, s) => n + s.size, 0)}`)
const show = (title: string, items: string[]) => {
  console.log(`${title}: ${items.length}`)
  if (list) for (const item of items) console.log(`  ${item}`)
}
show('upward imports (a lower layer importing a higher one)', rows.upward!)
show('imports of src/app from below routes', rows.app!)
show('base folders importing each other', rows['same base layer both ways']!)
show("imports of another feature's insides", rows['feature insides']!)
show('feature → feature pairs', [...pairs].sort())
show('tests borrowing another folder’s fixtures', borrowed)
show('folders importing each other', folderCircles)
show('folders on a circle', inCircle.sort())
console.log(`file circles: ${circles.length} (${circles.reduce((n, c) => n + c.length, 0)} files)`)
if (list) for (const c of circles) console.log(`  ${c.join(' ⇄ ')}`)
