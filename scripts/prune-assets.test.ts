import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildsToKeep, filesToDelete, pruneAssets, type BuildList } from './prune-assets'

const NOW = Date.parse('2026-11-27T00:00:00Z')
const build = (id: string, daysAgo: number, assets: string[]): BuildList => ({
  buildId: id,
  builtAt: new Date(NOW - daysAgo * 86_400_000).toISOString(),
  assets,
})

describe('keeping the chunks of earlier builds', () => {
  it('keeps the newest builds and every build of the last days', () => {
    const builds = [
      build('a', 30, []),
      build('b', 20, []),
      build('c', 3, []),
      build('d', 1, []),
      build('e', 0, []),
    ]
    const ids = (keepBuilds: number, keepDays: number) =>
      buildsToKeep(builds, { keepBuilds, keepDays, now: NOW }).map((b) => b.buildId)
    expect(ids(2, 7)).toEqual(['e', 'd', 'c'])
    expect(ids(4, 0)).toEqual(['e', 'd', 'c', 'b'])
    expect(ids(1, 0)).toEqual(['e'])
  })

  it('deletes a file no kept build lists, with its compressed copies and source map', () => {
    const kept = [build('new', 0, ['assets/app-B.js', 'assets/vendor-V.js'])]
    const files = [
      'assets/app-A.js',
      'assets/app-A.js.br',
      'assets/app-A.js.map',
      'assets/app-B.js',
      'assets/app-B.js.gz',
      'assets/vendor-V.js',
    ]
    expect(filesToDelete(files, kept)).toEqual([
      'assets/app-A.js',
      'assets/app-A.js.br',
      'assets/app-A.js.map',
    ])
  })

  it('prunes a dist directory, leaving everything while no build lists its files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'prune-'))
    await mkdir(path.join(dir, 'assets'))
    await mkdir(path.join(dir, 'builds'))
    for (const f of ['old.js', 'old.js.gz', 'mid.js', 'new.js'])
      await writeFile(path.join(dir, 'assets', f), 'x')
    expect(await pruneAssets(dir, { keepBuilds: 1, keepDays: 0, now: NOW })).toEqual({ kept: [], deleted: 0 })

    const write = (b: BuildList) =>
      writeFile(path.join(dir, 'builds', `${b.buildId}.json`), JSON.stringify(b))
    await write(build('A', 10, ['assets/old.js']))
    await write(build('B', 5, ['assets/mid.js']))
    await write(build('C', 0, ['assets/new.js']))
    const result = await pruneAssets(dir, { keepBuilds: 1, keepDays: 7, now: NOW })
    expect(result).toEqual({ kept: ['C', 'B'], deleted: 2 })
    expect((await readdir(path.join(dir, 'assets'))).sort()).toEqual(['mid.js', 'new.js'])
    expect(await readdir(path.join(dir, 'builds'))).toEqual(expect.not.arrayContaining(['A.json']))
  })
})
