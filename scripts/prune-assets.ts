/**
 * Runs after `vite build`, which writes beside the earlier builds instead of emptying dist/: a page still
 * running an older version (open in a tab, or kept by the service worker) loads that version's chunks
 * until it reloads, so they stay served for a while. Each build lists its files in
 * `dist/builds/<id>.json`; this keeps the files of the newest builds (KEEP_BUILDS, 5 by default) and of
 * any build made in the last KEEP_DAYS days (7), and deletes every other file under dist/assets (with
 * its .br, .gz and .map) and the lists of the builds dropped.
 *
 *   npx tsx scripts/prune-assets.ts [dir]
 */
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export interface BuildList {
  buildId: string
  builtAt: string
  assets: string[]
}

export interface PruneOptions {
  keepBuilds: number
  keepDays: number
  now?: number
}

const DAY_MS = 24 * 60 * 60 * 1000
const COMPANIONS = /(\.br|\.gz|\.map)$/

/** Which builds stay: the newest `keepBuilds`, and every build younger than `keepDays`. */
export function buildsToKeep(builds: readonly BuildList[], options: PruneOptions): BuildList[] {
  const now = options.now ?? Date.now()
  const newestFirst = [...builds].sort((a, b) => Date.parse(b.builtAt) - Date.parse(a.builtAt))
  return newestFirst.filter(
    (build, i) => i < options.keepBuilds || now - Date.parse(build.builtAt) < options.keepDays * DAY_MS,
  )
}

/** The files under assets/ to delete: listed by no kept build (a companion goes with its file). */
export function filesToDelete(files: readonly string[], kept: readonly BuildList[]): string[] {
  const keep = new Set(kept.flatMap((b) => b.assets))
  return files.filter((file) => !keep.has(file.replace(COMPANIONS, '')))
}

export async function pruneAssets(
  dir: string,
  options: PruneOptions,
): Promise<{ kept: string[]; deleted: number }> {
  const buildsDir = path.join(dir, 'builds')
  const lists: BuildList[] = []
  for (const name of await readdir(buildsDir).catch(() => [] as string[])) {
    if (!name.endsWith('.json')) continue
    lists.push(JSON.parse(await readFile(path.join(buildsDir, name), 'utf8')) as BuildList)
  }
  // Files of a build made before builds listed their files are left alone until one does.
  if (lists.length === 0) return { kept: [], deleted: 0 }
  const kept = buildsToKeep(lists, options)
  const keptIds = new Set(kept.map((b) => b.buildId))
  const files = (await readdir(path.join(dir, 'assets')).catch(() => [] as string[])).map(
    (f) => `assets/${f}`,
  )
  const doomed = filesToDelete(files, kept)
  await Promise.all(doomed.map((file) => rm(path.join(dir, file), { force: true })))
  await Promise.all(
    lists
      .filter((b) => !keptIds.has(b.buildId))
      .map((b) => rm(path.join(buildsDir, `${b.buildId}.json`), { force: true })),
  )
  return { kept: kept.map((b) => b.buildId), deleted: doomed.length }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist')
  const { kept, deleted } = await pruneAssets(dir, {
    keepBuilds: Number(process.env.KEEP_BUILDS ?? 5),
    keepDays: Number(process.env.KEEP_DAYS ?? 7),
  })
  console.log(`assets: the files of ${kept.length} builds kept, ${deleted} older files deleted`)
}
